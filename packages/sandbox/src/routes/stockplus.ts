/**
 * Securities and options endpoints (`/api/v3/stockplus`, every `Securities.*` endpoint of the
 * rules): market data seeded from the sandbox seed, order placement with market fills, the
 * securities account's funds, positions, transfers and historical executions.
 */
import { Securities } from '@tradeline/rules'
import type { Failure } from '../envelope.js'
import {
  depthOf,
  execute,
  fixed,
  instrumentOf,
  intradayOf,
  money,
  multiplierOf,
  type NumbersAs,
  newYork,
  options,
  priceOf,
  type StockOrder,
  seeded as seededOf,
  stockAccountOf,
  stockplusOf,
  stocks,
  tradesOf,
} from '../exchange/stockplus.js'
import type { Outcome, Route } from '../exchange.js'
import type { ApiKey, SandboxState } from '../state.js'

/**
 * The failures of the securities account. `40014` is the exchange's permission code; the others
 * are sandbox choices (README, "Securities and options").
 *
 * @example
 * import { stockplusFailures } from '@tradeline/sandbox'
 * stockplusFailures.unknownSymbol.code // '40034'
 */
export const stockplusFailures = {
  unknownSymbol: { code: '40034', msg: 'Parameter symbol does not exist' },
  insufficientFunds: { code: '43012', msg: 'Insufficient balance' },
  insufficientPosition: { code: '40757', msg: 'Not enough position is available' },
  lot: { code: '40808', msg: 'Parameter verification exception submittedQuantity lotSize error' },
  expired: { code: '40017', msg: 'parameter verification failed: expireDate is in the past' },
} as const satisfies Record<string, Failure>

/** A numeric field as the `numbersAs` setting answers it. */
function numeric(value: string | number, as: NumbersAs): string | number {
  return as === 'number' ? Number(value) : typeof value === 'number' ? fixed(value, 4) : value
}

/** `record` with its `keys` answered per the `numbersAs` setting. */
function withNumbers<record extends Record<string, unknown>>(
  record: record,
  keys: readonly (keyof record)[],
  as: NumbersAs,
): record {
  const copy: Record<string, unknown> = { ...record }
  for (const key of keys) {
    const value = copy[key as string]
    if (typeof value === 'string' || typeof value === 'number')
      copy[key as string] = numeric(value, as)
  }
  return copy as record
}

const uidOf = (key: ApiKey | undefined): string => key?.uid ?? ''
const symbolsOf = (value: unknown): string[] =>
  typeof value === 'string' && value !== '' ? value.split(',') : []

/** The symbol's market data, or the unknown-symbol failure. */
function known(symbol: unknown, then: (symbol: string) => unknown): Outcome {
  if (typeof symbol !== 'string' || !instrumentOf(symbol))
    return { error: stockplusFailures.unknownSymbol }
  return { data: then(symbol) }
}

/** GET /api/v3/stockplus/market/depth: `{ asks, bids }` of five seeded levels. */
export const depthRoute: Route = {
  id: Securities.getDepth.id,
  method: 'GET',
  path: Securities.getDepth.path,
  auth: true,
  handle({ state, params }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) => {
      const { asks, bids } = depthOf(state, symbol)
      const level = (l: (typeof asks)[number]) =>
        withNumbers(l, ['position', 'price', 'volume', 'orderNum'], as)
      return { asks: asks.map(level), bids: bids.map(level) }
    })
  },
}

/** GET /api/v3/stockplus/market/trade: the last `count` trades, newest first. */
export const tradeRoute: Route = {
  id: Securities.getTrades.id,
  method: 'GET',
  path: Securities.getTrades.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) =>
      tradesOf(state, symbol, Number(params.count), now).map((t) =>
        withNumbers(t, ['price', 'volume'], as),
      ),
    )
  },
}

/** GET /api/v3/stockplus/market/intraday: `{ list }` of the session's minutes so far. */
export const intradayRoute: Route = {
  id: Securities.getIntraday.id,
  method: 'GET',
  path: Securities.getIntraday.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    return known(params.symbol, (symbol) => ({
      list: intradayOf(state, symbol, now).map((m) =>
        withNumbers(m, ['price', 'volume', 'turnover', 'avgPrice'], as),
      ),
    }))
  },
}

/** GET /api/v3/stockplus/market/static: `{ list }`, one record per known symbol asked. */
export const staticRoute: Route = {
  id: Securities.getStatic.id,
  method: 'GET',
  path: Securities.getStatic.path,
  auth: true,
  handle({ state, params }) {
    const as = stockplusOf(state).numbersAs
    const list = symbolsOf(params.symbol).flatMap((symbol): Record<string, unknown>[] => {
      const instrument = instrumentOf(symbol)
      if (!instrument) return []
      if (instrument.kind === 'option') {
        const underlying = stocks.find((s) => s.symbol === instrument.underlying)
        return [
          withNumbers(
            {
              symbol,
              nameCn: `${underlying?.nameCn ?? ''} 期权`,
              nameEn: `${underlying?.nameEn ?? ''} option`,
              exchange: 'OPRA',
              currency: 'USD',
              lotSize: 1,
              totalShares: '0',
              circulatingShares: '0',
              eps: '0',
              epsTtm: '0',
              bps: '0',
              dividendYield: '0',
              stockDerivatives: [] as string[],
              board: 'USOption',
            },
            [
              'lotSize',
              'totalShares',
              'circulatingShares',
              'eps',
              'epsTtm',
              'bps',
              'dividendYield',
            ],
            as,
          ),
        ]
      }
      return [
        withNumbers(
          {
            symbol,
            nameCn: instrument.nameCn,
            nameEn: instrument.nameEn,
            exchange: instrument.exchange,
            currency: 'USD',
            lotSize: 1,
            totalShares: instrument.totalShares,
            circulatingShares: instrument.totalShares,
            eps: instrument.eps,
            epsTtm: instrument.eps,
            bps: instrument.bps,
            dividendYield: instrument.dividendYield,
            stockDerivatives: options.some((o) => o.underlying === symbol) ? ['Option'] : [],
            board: 'USMain',
          },
          ['lotSize', 'totalShares', 'circulatingShares', 'eps', 'epsTtm', 'bps', 'dividendYield'],
          as,
        ),
      ]
    })
    return { data: { list } }
  },
}

/**
 * GET /api/v3/stockplus/market/option-quote: `{ secuQuote }`, one quote per known option asked;
 * the key needs the `optionQuote` permission (else `40014`, checked by authentication).
 */
export const optionQuoteRoute: Route = {
  id: Securities.getOptionQuote.id,
  method: 'GET',
  path: Securities.getOptionQuote.path,
  auth: true,
  handle({ state, params, now }) {
    const as = stockplusOf(state).numbersAs
    const seed = state.ids.seed
    const secuQuote = symbolsOf(params.symbol).flatMap((symbol) => {
      const option = options.find((o) => o.symbol === symbol)
      if (!option) return []
      const last = Number(priceOf(state, symbol))
      const prevClose = Number(fixed(last * 0.98))
      const [trade] = tradesOf(state, symbol, 1, now)
      return [
        withNumbers(
          {
            symbol,
            lastDone: fixed(last),
            prevClose: fixed(prevClose),
            open: fixed(prevClose * 1.005),
            high: fixed(last * 1.03),
            low: fixed(prevClose * 0.97),
            timestamp: String(trade ? Date.parse(trade.timestamp) : now),
            volume: String(100 + Math.floor(5000 * seededOf(seed, symbol, 'vol'))),
            turnover: fixed(last * 100 * 1000),
            tradeStatus: '0',
            impliedVolatility: fixed(0.2 + 0.3 * seededOf(seed, symbol, 'iv'), 4),
            openInterest: String(1000 + Math.floor(20000 * seededOf(seed, symbol, 'oi'))),
            expiryDate: option.expiryDate,
            strikePrice: fixed(option.strike),
            contractMultipier: String(option.multiplier),
            contractType: option.contractType,
            contractSize: String(option.multiplier),
            direction: option.direction,
            historicalVolatility: fixed(0.25 + 0.2 * seededOf(seed, option.underlying, 'hv'), 4),
            underlyingSymbol: option.underlying,
          },
          [
            'lastDone',
            'prevClose',
            'open',
            'high',
            'low',
            'volume',
            'turnover',
            'impliedVolatility',
            'openInterest',
            'strikePrice',
            'contractMultipier',
            'contractSize',
            'historicalVolatility',
          ],
          as,
        ),
      ]
    })
    return { data: { secuQuote } }
  },
}

/** Whether a limit order is marketable at `price`. */
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
        trades: matching.slice(0, max).map((e) => ({
          orderId: e.orderId,
          tradeId: e.tradeId,
          symbol: e.symbol,
          tradeDoneAt: new Date(e.time).toISOString(),
          quantity: numeric(e.quantity, as),
          price: numeric(e.price, as),
        })),
      },
    }
  },
}

/**
 * The securities routes of the sandbox.
 *
 * @example
 * import { stockplusRoutes } from '@tradeline/sandbox'
 * stockplusRoutes[0]?.id // 'securities.getDepth'
 */
export const stockplusRoutes: readonly Route[] = [
  depthRoute,
  tradeRoute,
  intradayRoute,
  staticRoute,
  optionQuoteRoute,
  placeOrderRoute,
  accountRoute,
  stockPositionRoute,
  transferRoute,
  historyExecutionsRoute,
]
