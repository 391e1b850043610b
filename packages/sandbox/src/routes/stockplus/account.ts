/** Securities trading and account routes: order placement with market fills, funds, positions, transfers and historical executions. */
import { Securities } from '@tradeline/rules'
import {
  execute,
  fixed,
  instrumentOf,
  money,
  multiplierOf,
  type NumbersAs,
  newYork,
  priceOf,
  type StockOrder,
  stockAccountOf,
  stockplusOf,
} from '../../exchange/stockplus.js'
import type { Route } from '../../exchange.js'
import type { SandboxState } from '../../state.js'
import { executionRecord, numeric, stockplusFailures, symbolsOf, uidOf } from './common.js'

function marketable(side: 'Buy' | 'Sell', limit: number, price: number): boolean {
  return side === 'Buy' ? limit >= price : limit <= price
}

/**
 * POST /api/v3/stockplus/trade/place-order: `{ orderId, clientOid: '', symbol }`. After the
 * rules' checks: the symbol must be known, the quantity whole (lotSize 1), a GoodTilDate
 * `expireDate` not before today; a buy needs the cash (price x quantity x multiplier), a sell
 * the available quantity. `MO` and a marketable `LO` fill at once at the current price; other
 * orders rest (a buy reserves its cash, a sell its quantity); nothing triggers them.
 */
export const placeOrderRoute: Route = {
  id: Securities.placeOrder.id,
  method: 'POST',
  path: Securities.placeOrder.path,
  auth: true,
  handle({ state, key, params, now }) {
    const symbol = String(params.symbol)
    if (!instrumentOf(symbol)) return { error: stockplusFailures.unknownSymbol }
    const quantity = Number(params.submittedQuantity)
    if (!Number.isInteger(quantity)) return { error: stockplusFailures.lot }
    if (typeof params.expireDate === 'string' && params.expireDate < newYork(now).date)
      return { error: stockplusFailures.expired }
    const uid = uidOf(key)
    const side = params.side as 'Buy' | 'Sell'
    const orderType = String(params.orderType)
    const current = Number(priceOf(state, symbol))
    const limit = params.submittedPrice === undefined ? undefined : Number(params.submittedPrice)
    const fills =
      orderType === 'MO' ||
      (orderType === 'LO' && limit !== undefined && marketable(side, limit, current))
    const account = stockAccountOf(state, uid)
    const reservePrice = fills ? current : (limit ?? Number(params.triggerPrice ?? current))
    const cost = money(reservePrice * quantity * multiplierOf(symbol))
    if (side === 'Buy' && cost > account.cash) return { error: stockplusFailures.insufficientFunds }
    const position = account.positions.get(symbol)
    if (side === 'Sell' && (position?.available ?? 0) < quantity)
      return { error: stockplusFailures.insufficientPosition }
    const sp = stockplusOf(state)
    const order: StockOrder = {
      orderId: state.ids.orderId(),
      uid,
      symbol,
      orderType,
      side,
      quantity,
      price: limit,
      status: 'open',
      frozen: 0,
      createdAt: now,
    }
    sp.orders.push(order)
    if (side === 'Sell' && position) position.available -= quantity
    if (fills) execute(state, order, current, now)
    else if (side === 'Buy') {
      order.frozen = cost
      account.cash = money(account.cash - cost)
      account.frozen = money(account.frozen + cost)
    }
    return { data: { orderId: order.orderId, clientOid: '', symbol } }
  },
}

/** The account record of one currency. */
function accountRecord(state: SandboxState, uid: string, currency: string, as: NumbersAs) {
  const account = stockAccountOf(state, uid)
  const usd = currency === 'USD'
  const cash = usd ? account.cash : 0
  const frozen = usd ? account.frozen : 0
  let holdings = 0
  if (usd)
    for (const [symbol, position] of account.positions)
      holdings += Number(priceOf(state, symbol)) * position.quantity * multiplierOf(symbol)
  const numbers = (r: Record<string, number>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, numeric(money(v), as)]))
  return {
    ...numbers({
      totalCash: cash + frozen,
      maxFinanceAmount: 0,
      remainingFinanceAmount: 0,
      riskLevel: 0,
      marginCall: 0,
      netAssets: cash + frozen + holdings,
      initMargin: 0,
      maintenanceMargin: 0,
    }),
    currency,
    ...numbers({ buyPower: cash }),
    cashInfos: [
      {
        ...numbers({
          withdrawCash: cash,
          availableCash: cash,
          frozenCash: frozen,
          settlingCash: 0,
        }),
        currency,
      },
    ],
    frozenTransactionFees: [],
  }
}

/** GET /api/v3/stockplus/asset/account: `{ list }`, the USD account (and CNH, empty, when asked). */
export const accountRoute: Route = {
  id: Securities.getAccount.id,
  method: 'GET',
  path: Securities.getAccount.path,
  auth: true,
  handle({ state, key, params }) {
    const as = stockplusOf(state).numbersAs
    const currencies = typeof params.currency === 'string' ? [params.currency] : ['USD']
    return { data: { list: currencies.map((c) => accountRecord(state, uidOf(key), c, as)) } }
  },
}

/**
 * GET /api/v3/stockplus/asset/stock-position: `{ channels: [{ accountChannel: 'lb_papertrading',
 * positions }] }`, the positions held (of the symbols asked); `initQuantity` is the quantity
 * before today's (New York) executions.
 */
export const stockPositionRoute: Route = {
  id: Securities.getStockPositions.id,
  method: 'GET',
  path: Securities.getStockPositions.path,
  auth: true,
  handle({ state, key, params, now }) {
    const as = stockplusOf(state).numbersAs
    const uid = uidOf(key)
    const wanted = symbolsOf(params.symbol)
    const today = newYork(now).midnight
    const executions = stockplusOf(state).executions.filter((e) => e.uid === uid && e.time >= today)
    const orders = stockplusOf(state).orders
    const positions = [...stockAccountOf(state, uid).positions]
      .filter(([symbol]) => wanted.length === 0 || wanted.includes(symbol))
      .map(([symbol, position]) => {
        const instrument = instrumentOf(symbol)
        let init = position.quantity
        for (const e of executions.filter((e) => e.symbol === symbol)) {
          const side = orders.find((o) => o.orderId === e.orderId)?.side
          init += side === 'Buy' ? -e.quantity : e.quantity
        }
        return {
          symbol,
          symbolName: instrument?.kind === 'stock' ? instrument.nameEn : symbol,
          quantity: numeric(position.quantity, as),
          availableQuantity: numeric(position.available, as),
          currency: 'USD',
          costPrice: numeric(money(position.costPrice), as),
          market: 'US',
          initQuantity: numeric(init, as),
        }
      })
    return { data: { channels: [{ accountChannel: 'lb_papertrading', positions }] } }
  },
}

/**
 * POST /api/v3/stockplus/asset/transfer: `{ transferId }`. `in` moves `amount` of `coin` from
 * the spot balance to the securities cash (USD, 1:1), `out` back; either is refused with `43012`
 * beyond the available amount of its source.
 */
export const transferRoute: Route = {
  id: Securities.transfer.id,
  method: 'POST',
  path: Securities.transfer.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const coin = String(params.coin)
    const amount = Number(params.amount)
    const account = stockAccountOf(state, uid)
    state.fund(uid)
    const balances = state.balances.get(uid) ?? new Map<string, string>()
    state.balances.set(uid, balances)
    const spot = Number(balances.get(coin) ?? '0')
    if (params.direction === 'in') {
      if (amount > spot) return { error: stockplusFailures.insufficientFunds }
      balances.set(coin, fixed(spot - amount, 8))
      account.cash = money(account.cash + amount)
    } else {
      if (amount > account.cash) return { error: stockplusFailures.insufficientFunds }
      account.cash = money(account.cash - amount)
      balances.set(coin, fixed(spot + amount, 8))
    }
    state.events.emit({ type: 'balance', uid })
    const sp = stockplusOf(state)
    return { data: { transferId: String(6_000_000_000 + ++sp.sequence) } }
  },
}

/**
 * GET /api/v3/stockplus/trade/history-executions: `{ hasMore, trades }`, the executions of the
 * window (the rules' `resolveExecutionsWindow`: 90 days by default) before today (New York),
 * oldest first, at most 1000; `hasMore` when the window holds more.
 */
export const historyExecutionsRoute: Route = {
  id: Securities.getHistoryExecutions.id,
  method: 'GET',
  path: Securities.getHistoryExecutions.path,
  auth: true,
  handle({ state, key, params, now }) {
    const as = stockplusOf(state).numbersAs
    const uid = uidOf(key)
    const window = Securities.resolveExecutionsWindow(
      params as { startAt?: string; endAt?: string },
      Math.floor(now / 1000),
    )
    const from = Number(window.startAt) * 1000
    // "Today's executions are not included" (the rules' executionsWindow.includesToday).
    const lastIncluded = Securities.executionsWindow.includesToday
      ? Number.POSITIVE_INFINITY
      : newYork(now).midnight - 1
    const to = Math.min(Number(window.endAt) * 1000, lastIncluded)
    const symbol = typeof params.symbol === 'string' ? params.symbol : undefined
    const matching = stockplusOf(state)
      .executions.filter(
        (e) =>
          e.uid === uid &&
          e.time >= from &&
          e.time <= to &&
          (symbol === undefined || e.symbol === symbol),
      )
      .sort((a, b) => a.time - b.time)
    const max = Securities.executionsWindow.maxOrdersPerQuery
    return {
      data: {
        hasMore: matching.length > max,
        trades: matching.slice(0, max).map((e) => executionRecord(e, as)),
      },
    }
  },
}
