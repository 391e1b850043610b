/** Securities trading and account routes: order placement with market fills, funds, positions, transfers and historical executions. */
import { Securities } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { instrumentOf, type NumbersAs, newYork, priceOf } from '../../exchange/stockplus.js'
import {
  buyCostOf,
  execute,
  isTransferAmount,
  multiplierOf,
  reserve,
  type StockOrder,
  stockAccountOf,
  stockplusOf,
  transfer,
} from '../../exchange/stockplusBook.js'
import { isExpired, optionExpiredFailure } from '../../exchange/stockplusMarket.js'
import { stockSessionsOf, tradesAt, watchStockOrder } from '../../exchange/stockplusSessions.js'
import type { SandboxState } from '../../state.js'
import { endpointRoute } from '../endpointRoute.js'
import {
  executionRecord,
  numeric,
  stockplusFailures,
  stockplusTickFailure,
  symbolsOf,
  uidOf,
} from './common.js'

const big = (value: string | number): Big => new Big(value)

function marketable(side: 'Buy' | 'Sell', limit: string, price: string): boolean {
  return side === 'Buy' ? big(limit).gte(price) : big(limit).lte(price)
}

/** The first of the prices given (limit, trigger, monitor) that is not on its tick (the rules' `tickIssues`). */
function offTick(symbol: string, params: Record<string, unknown>): string | undefined {
  const [issue] = Securities.tickIssues(symbol, params, Securities.tickedPrices.placeOrder, 'penny')
  return issue === undefined ? undefined : String(issue.path[0])
}

/**
 * POST /api/v3/stockplus/trade/place-order: `{ orderId, clientOid: '', symbol }`. After the
 * rules' checks: the symbol must be known, the quantity whole (lotSize 1), the prices (limit,
 * trigger, monitor) on their tick (`tickOf`: 0.01, below 1 USD 0.0001; options 0.01), a GoodTilDate `expireDate` not before today; a buy
 * needs the cash (price x quantity x multiplier plus the fee), a sell the available quantity.
 * `MO` and a marketable `LO` fill at once at the current price when the session is one the
 * order's `outsideRth` trades in (an option: the regular session), else they wait for one
 * (stockplusSessions.ts); other orders rest (a buy reserves its cash, a sell its quantity) and
 * nothing triggers them. An order left open lapses by its `timeInForce` (`ExpiredStatus`).
 * Amounts are exact decimals.
 */
export const placeOrderRoute = endpointRoute(Securities.placeOrder, {
  handle({ state, key, params, now }) {
    const symbol = String(params.symbol)
    const instrument = instrumentOf(symbol)
    if (!instrument) return { error: stockplusFailures.unknownSymbol }
    // An option past 16:00 New York of its expiry date (stockplusMarket.ts) takes no order.
    if (instrument.kind === 'option' && isExpired(instrument, now))
      return { error: optionExpiredFailure }
    const quantity = String(params.submittedQuantity)
    if (!big(quantity).isInteger()) return { error: stockplusFailures.lot }
    const tickField = offTick(symbol, params)
    if (tickField) return { error: stockplusTickFailure(tickField) }
    if (typeof params.expireDate === 'string' && params.expireDate < newYork(now).date)
      return { error: stockplusFailures.expired }
    const uid = uidOf(key)
    const side = params.side as 'Buy' | 'Sell'
    const orderType = String(params.orderType)
    const current = priceOf(state, symbol) ?? '0'
    const limit = typeof params.submittedPrice === 'string' ? params.submittedPrice : undefined
    const outsideRth = typeof params.outsideRth === 'string' ? params.outsideRth : undefined
    const marketOrMarketable =
      orderType === 'MO' ||
      (orderType === 'LO' && limit !== undefined && marketable(side, limit, current))
    // Only in a session its outsideRth trades in (stockplusSessions.ts); else it waits for one.
    const inSession = tradesAt(stockSessionsOf(symbol, outsideRth), now)
    const fills = marketOrMarketable && inSession
    const account = stockAccountOf(state, uid)
    const trigger = typeof params.triggerPrice === 'string' ? params.triggerPrice : current
    const reservePrice = fills ? current : (limit ?? trigger)
    if (side === 'Buy' && buyCostOf(state, symbol, quantity, reservePrice).gt(account.cash))
      return { error: stockplusFailures.insufficientFunds }
    const position = account.positions.get(symbol)
    if (side === 'Sell' && big(position?.available ?? '0').lt(quantity))
      return { error: stockplusFailures.insufficientPosition }
    const order: StockOrder = {
      orderId: state.ids.orderId(),
      uid,
      symbol,
      orderType,
      side,
      quantity,
      price: limit,
      filled: '0',
      status: 'open',
      frozen: '0',
      reservePrice,
      createdAt: now,
    }
    stockplusOf(state).orders.push(order)
    if (side === 'Sell' && position)
      position.available = big(position.available).minus(quantity).toFixed()
    if (fills) execute(state, order, current, now)
    else reserve(state, order)
    watchStockOrder(state, order, {
      timeInForce: String(params.timeInForce),
      expireDate: typeof params.expireDate === 'string' ? params.expireDate : undefined,
      outsideRth,
      waitsForSession: marketOrMarketable && !inSession,
    })
    return { data: { orderId: order.orderId, clientOid: '', symbol } }
  },
})

/** The account record of one currency. */
function accountRecord(state: SandboxState, uid: string, currency: string, as: NumbersAs) {
  const account = stockAccountOf(state, uid)
  const usd = currency === 'USD'
  const cash = usd ? big(account.cash) : big(0)
  const frozen = usd ? big(account.frozen) : big(0)
  let holdings = big(0)
  if (usd)
    for (const [symbol, position] of account.positions)
      holdings = holdings.plus(
        big(priceOf(state, symbol) ?? '0')
          .times(position.quantity)
          .times(multiplierOf(symbol)),
      )
  const numbers = (r: Record<string, Big>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, numeric(v.toFixed(), as)]))
  const zero = big(0)
  return {
    ...numbers({
      totalCash: cash.plus(frozen),
      maxFinanceAmount: zero,
      remainingFinanceAmount: zero,
      riskLevel: zero,
      marginCall: zero,
      netAssets: cash.plus(frozen).plus(holdings),
      initMargin: zero,
      maintenanceMargin: zero,
    }),
    currency,
    ...numbers({ buyPower: cash }),
    cashInfos: [
      {
        ...numbers({
          withdrawCash: cash,
          availableCash: cash,
          frozenCash: frozen,
          settlingCash: zero,
        }),
        currency,
      },
    ],
    frozenTransactionFees: [],
  }
}

/** GET /api/v3/stockplus/asset/account: `{ list }`, the USD account (and CNH, empty, when asked). */
export const accountRoute = endpointRoute(Securities.getAccount, {
  handle({ state, key, params }) {
    const as = stockplusOf(state).numbersAs
    const currencies = typeof params.currency === 'string' ? [params.currency] : ['USD']
    return { data: { list: currencies.map((c) => accountRecord(state, uidOf(key), c, as)) } }
  },
})

/**
 * GET /api/v3/stockplus/asset/stock-position: `{ channels: [{ accountChannel: 'lb_papertrading',
 * positions }] }`, the positions held (of the symbols asked); `initQuantity` is the quantity
 * before today's (New York) executions.
 */
export const stockPositionRoute = endpointRoute(Securities.getStockPositions, {
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
        let init = big(position.quantity)
        for (const e of executions.filter((e) => e.symbol === symbol)) {
          const side = orders.find((o) => o.orderId === e.orderId)?.side
          init = side === 'Buy' ? init.minus(e.quantity) : init.plus(e.quantity)
        }
        // The diluted cost price, to 8 decimals (a ratio, not an amount that moves).
        const costPrice = big(position.cost)
          .div(big(position.quantity).times(multiplierOf(symbol)))
          .toDecimalPlaces(8)
        return {
          symbol,
          symbolName: instrument?.kind === 'stock' ? instrument.nameEn : symbol,
          quantity: numeric(position.quantity, as),
          availableQuantity: numeric(position.available, as),
          currency: 'USD',
          costPrice: numeric(costPrice.toFixed(), as),
          market: 'US',
          initQuantity: numeric(init.toFixed(), as),
        }
      })
    return { data: { channels: [{ accountChannel: 'lb_papertrading', positions }] } }
  },
})

/**
 * POST /api/v3/stockplus/asset/transfer: `{ transferId }`. `in` moves `amount` of `coin` from
 * the spot balance to the securities cash (USD, 1:1), `out` back; an amount with more than 8
 * decimals is refused with `40808`, either direction with `43012` beyond the available amount of
 * its source. The transfer and its cash flow are recorded (transfer-records, cash-flow).
 */
export const transferRoute = endpointRoute(Securities.transfer, {
  handle({ state, key, params, now }) {
    const amount = String(params.amount)
    if (!isTransferAmount(amount)) return { error: stockplusFailures.amountPrecision }
    const direction = params.direction === 'out' ? 'out' : 'in'
    const move = { uid: uidOf(key), coin: String(params.coin), amount, direction } as const
    const done = transfer(state, move, now)
    if (!done) return { error: stockplusFailures.insufficientFunds }
    return { data: { transferId: done.transferId } }
  },
})

/**
 * GET /api/v3/stockplus/trade/history-executions: `{ hasMore, trades }`, the executions of the
 * window (the rules' `resolveExecutionsWindow`: 90 days by default) before today (New York),
 * oldest first, at most 1000; `hasMore` when the window holds more.
 */
export const historyExecutionsRoute = endpointRoute(Securities.getHistoryExecutions, {
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
})
