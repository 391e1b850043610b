/**
 * The rate-limit table of every endpoint (spec Part A and Part B "Limits", EXCHANGE-FACTS for
 * the endpoints named only in navigation, DESIGN.md where the spec says "not shown") as data
 * for a limiter: N per window, minimum spacing and concurrency caps, each under a key that
 * names its budget.
 *
 * Reading of the tables: a row that lists several operations separated by commas ("place-order,
 * modify-order, cancel-order") merges rows with equal values, so each operation has its own
 * budget; the exchange documents each of those endpoints with its own limit. The rToken row is
 * the one exception ("place-order and cancel-order on rToken pairs"): one budget shared by
 * both, taken on top of the endpoint's own budget.
 */
import { BaseError } from './Errors.js'
import { isRToken } from './ProductLine.js'

/** Whom a budget is counted for: the account (UID) or the caller's IP address. */
export type Scope = 'uid' | 'ip'

/**
 * One limit: `window` allows `limit` requests (each costing `weight`, default 1) per
 * `windowMs`; `spacing` keeps `minIntervalMs` between two requests; `concurrency` allows
 * `limit` requests in flight. `key` names the budget; endpoints that share a budget share it.
 */
export type Rule =
  | {
      readonly kind: 'window'
      readonly key: string
      readonly scope: Scope
      readonly limit: number
      readonly windowMs: number
      readonly weight?: number | undefined
      readonly assumed?: boolean | undefined
      readonly source: string
    }
  | {
      readonly kind: 'spacing'
      readonly key: string
      readonly scope: Scope
      readonly minIntervalMs: number
      readonly source: string
    }
  | {
      readonly kind: 'concurrency'
      readonly key: string
      readonly scope: Scope
      readonly limit: number
      readonly source: string
    }

/** Every endpoint id of the SDK, in the order of the spec. */
export const endpointIds = [
  'unified.placeOrder',
  'unified.modifyOrder',
  'unified.cancelOrder',
  'unified.countdownCancelAll',
  'unified.placeBatch',
  'unified.batchModifyOrder',
  'unified.cancelBatch',
  'unified.cancelSymbolOrder',
  'unified.getOrderInfo',
  'unified.getUnfilledOrders',
  'unified.getHistoryOrders',
  'unified.getFills',
  'unified.getMarketStates',
  'unified.getRealityFills',
  'strategy.placeStrategyOrder',
  'strategy.modifyStrategyOrder',
  'strategy.cancelStrategyOrder',
  'strategy.getUnfilledStrategyOrders',
  'strategy.getHistoryStrategyOrders',
  'classic.placeOrder',
  'classic.clickBackhand',
  'classic.batchPlaceOrder',
  'classic.modifyOrder',
  'classic.cancelOrder',
  'classic.batchCancelOrders',
  'classic.getOrderDetail',
  'classic.getOrdersPending',
  'classic.cancelAllOrders',
  'classic.closePositions',
  'savings.getSubscribeInfo',
  'savings.getSubscribeResult',
  'securities.placeOrder',
  'securities.getDepth',
  'securities.getTrades',
  'securities.getIntraday',
  'securities.getStatic',
  'securities.getOptionQuote',
  'securities.getAccount',
  'securities.getStockPositions',
  'securities.getHistoryExecutions',
  'securities.transfer',
  'public.getTime',
  'public.getTimeV3',
  'public.getInstruments',
  'public.getTickers',
  'public.getSpotSymbols',
  'public.getSpotCoins',
  'classic.getContracts',
  'classic.getTicker',
  'classic.getAllPositions',
  'savings.getProducts',
  'unified.getAccountSettings',
  'unified.getCurrentPosition',
  'unified.getAccountAssets',
] as const

/** The id of an endpoint, e.g. `unified.placeOrder`. */
export type EndpointId = (typeof endpointIds)[number]

/** The quoted rows of the limit tables, so every rule names the sentence it comes from. */
const a = (row: string) => `spec Part A Limits: "${row}"`
const b = (row: string) => `spec Part B Limits: "${row}"`
const facts = (row: string) => `EXCHANGE-FACTS navigation-only endpoints: "${row}"`
const rows = {
  unifiedOrder: a('place-order, modify-order, cancel-order | 10 per second per UID'),
  rToken: a(
    'place-order and cancel-order on rToken pairs | 5 per second per UID, 30 for whitelisted users',
  ),
  countdown: a('countdown-cancel-all | 1 per second per UID; countdown 5 to 60 seconds'),
  placeBatch: a('place-batch | 5 per second per UID; 20 orders per batch'),
  batchModify: a(
    'batch-modify-order | 10 per second per UID; 20 orders per batch; 5 in-flight requests',
  ),
  cancelBatch: a('cancel-batch | 5 per second per UID; 20 orders per batch'),
  strategy: a('place-strategy-order | 10 per second per UID'),
  marketStates: a('market/states | 1 per second per IP'),
  realityFills: a(
    'account/reality-fills | 10 per second per UID; limit at most 100; last 3 months',
  ),
  classicPlace: b('classic place-order | 10 per second per UID'),
  reversal: b('classic reversal | 10 per second per UID; 1 per second for copy-trading traders'),
  batchPlace: b(
    'classic batch-place-order | 5 per second per UID; 1 per second for copy-trading traders; orderList at most 50',
  ),
  classicModify: b(
    'classic modify-order, batch-cancel-orders | 10 per second per UID; orderIdList at most 50',
  ),
  classicCancel: b('classic cancel-order | 10 per second'),
  stockplusTrade: b(
    'stockplus place-order, history-executions | 30 per 30 seconds per UID, minimum interval 0.02 seconds',
  ),
  stockplusMarket: b(
    'stockplus market endpoints (depth, trade, intraday, static, option-quote) | 10 per second per UID, up to 5 concurrent requests',
  ),
  transfer: b('stockplus transfer | 5 per second per UID'),
  savings: b('savings endpoints | 10 per second per UID'),
  stockplusAsset: `${b('stockplus asset/account and asset/stock-position rate limit | not shown')}; DESIGN.md: "Rate limits not shown (stockplus account and positions): a conservative default of 10 per second, marked as an assumption in the table."`,
  orderInfo: facts('unified order details | 20/s per UID'),
  unfilled: facts('unified open orders | 20/s'),
  history: facts('unified order history | 20/s'),
  fills: facts('unified fills | 20/s'),
  cancelAll: facts('unified cancel all | 5/s'),
  strategyChange: facts('strategy modify / cancel | 10/s'),
  strategyLists: facts('strategy lists | 20/s'),
  classicDetail: facts('classic order detail | 10/s'),
  classicPending: facts('classic pending orders | 10/s'),
  classicCancelAll: facts('classic cancel all | 10/s'),
  flashClose: facts('classic flash close | 1/s'),
  time: 'not in the spec; the exchange documents the server-time endpoints with 20 per second per IP',
  market: (what: string) => `not in the spec; EXCHANGE-RECORDS: "${what}"`,
} as const

function perSecond(
  key: string,
  limit: number,
  source: string,
  extra: { scope?: Scope; assumed?: boolean } = {},
): Rule {
  return {
    kind: 'window',
    key,
    scope: extra.scope ?? 'uid',
    limit,
    windowMs: 1000,
    ...(extra.assumed ? { assumed: true } : {}),
    source,
  }
}

/** stockplus place-order and history-executions: 30 per 30 s plus 20 ms spacing, per endpoint. */
function stockplusTrade(key: string): readonly Rule[] {
  const source = rows.stockplusTrade
  return [
    { kind: 'window', key, scope: 'uid', limit: 30, windowMs: 30_000, source },
    { kind: 'spacing', key: `${key}.spacing`, scope: 'uid', minIntervalMs: 20, source },
  ]
}

/**
 * The concurrency key the five stockplus market endpoints share: the row names them together
 * with "up to 5 concurrent requests", a cap on what is in flight for the group, so 5 across the
 * five endpoints, not 5 each (which would allow 25).
 */
export const stockplusMarketConcurrencyKey = 'securities.market.concurrent'

/**
 * stockplus market endpoints: 10 per second per endpoint (each endpoint its own window, as every
 * other row that names several endpoints is read) plus 5 in flight across the group.
 */
function stockplusMarket(key: string): readonly Rule[] {
  const source = rows.stockplusMarket
  return [
    perSecond(key, 10, source),
    { kind: 'concurrency', key: stockplusMarketConcurrencyKey, scope: 'uid', limit: 5, source },
  ]
}

/**
 * The rules of every endpoint for a caller without special status (not whitelisted for
 * rToken pairs, not a copy-trading trader); {@link resolve} adds what depends on the request.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.table['unified.getMarketStates']
 * // [{ kind: 'window', key: 'unified.getMarketStates', scope: 'ip', limit: 1, windowMs: 1000, source: 'spec Part A Limits: "market/states | 1 per second per IP"' }]
 */
export const table: Readonly<Record<EndpointId, readonly Rule[]>> = {
  'unified.placeOrder': [perSecond('unified.placeOrder', 10, rows.unifiedOrder)],
  'unified.modifyOrder': [perSecond('unified.modifyOrder', 10, rows.unifiedOrder)],
  'unified.cancelOrder': [perSecond('unified.cancelOrder', 10, rows.unifiedOrder)],
  'unified.countdownCancelAll': [perSecond('unified.countdownCancelAll', 1, rows.countdown)],
  'unified.placeBatch': [perSecond('unified.placeBatch', 5, rows.placeBatch)],
  'unified.batchModifyOrder': [
    perSecond('unified.batchModifyOrder', 10, rows.batchModify),
    {
      kind: 'concurrency',
      key: 'unified.batchModifyOrder.inFlight',
      scope: 'uid',
      limit: 5,
      source: rows.batchModify,
    },
  ],
  'unified.cancelBatch': [perSecond('unified.cancelBatch', 5, rows.cancelBatch)],
  'unified.cancelSymbolOrder': [perSecond('unified.cancelSymbolOrder', 5, rows.cancelAll)],
  'unified.getOrderInfo': [perSecond('unified.getOrderInfo', 20, rows.orderInfo)],
  'unified.getUnfilledOrders': [perSecond('unified.getUnfilledOrders', 20, rows.unfilled)],
  'unified.getHistoryOrders': [perSecond('unified.getHistoryOrders', 20, rows.history)],
  'unified.getFills': [perSecond('unified.getFills', 20, rows.fills)],
  'unified.getMarketStates': [
    perSecond('unified.getMarketStates', 1, rows.marketStates, { scope: 'ip' }),
  ],
  'unified.getRealityFills': [perSecond('unified.getRealityFills', 10, rows.realityFills)],
  'strategy.placeStrategyOrder': [perSecond('strategy.placeStrategyOrder', 10, rows.strategy)],
  'strategy.modifyStrategyOrder': [
    perSecond('strategy.modifyStrategyOrder', 10, rows.strategyChange),
  ],
  'strategy.cancelStrategyOrder': [
    perSecond('strategy.cancelStrategyOrder', 10, rows.strategyChange),
  ],
  'strategy.getUnfilledStrategyOrders': [
    perSecond('strategy.getUnfilledStrategyOrders', 20, rows.strategyLists),
  ],
  'strategy.getHistoryStrategyOrders': [
    perSecond('strategy.getHistoryStrategyOrders', 20, rows.strategyLists),
  ],
  'classic.placeOrder': [perSecond('classic.placeOrder', 10, rows.classicPlace)],
  'classic.clickBackhand': [perSecond('classic.clickBackhand', 10, rows.reversal)],
  'classic.batchPlaceOrder': [perSecond('classic.batchPlaceOrder', 5, rows.batchPlace)],
  'classic.modifyOrder': [perSecond('classic.modifyOrder', 10, rows.classicModify)],
  'classic.cancelOrder': [perSecond('classic.cancelOrder', 10, rows.classicCancel)],
  'classic.batchCancelOrders': [perSecond('classic.batchCancelOrders', 10, rows.classicModify)],
  'classic.getOrderDetail': [perSecond('classic.getOrderDetail', 10, rows.classicDetail)],
  'classic.getOrdersPending': [perSecond('classic.getOrdersPending', 10, rows.classicPending)],
  'classic.cancelAllOrders': [perSecond('classic.cancelAllOrders', 10, rows.classicCancelAll)],
  'classic.closePositions': [perSecond('classic.closePositions', 1, rows.flashClose)],
  'savings.getSubscribeInfo': [perSecond('savings.getSubscribeInfo', 10, rows.savings)],
  'savings.getSubscribeResult': [perSecond('savings.getSubscribeResult', 10, rows.savings)],
  'securities.placeOrder': stockplusTrade('securities.placeOrder'),
  'securities.getDepth': stockplusMarket('securities.getDepth'),
  'securities.getTrades': stockplusMarket('securities.getTrades'),
  'securities.getIntraday': stockplusMarket('securities.getIntraday'),
  'securities.getStatic': stockplusMarket('securities.getStatic'),
  'securities.getOptionQuote': stockplusMarket('securities.getOptionQuote'),
  'securities.getAccount': [
    perSecond('securities.getAccount', 10, rows.stockplusAsset, { assumed: true }),
  ],
  'securities.getStockPositions': [
    perSecond('securities.getStockPositions', 10, rows.stockplusAsset, { assumed: true }),
  ],
  'securities.getHistoryExecutions': stockplusTrade('securities.getHistoryExecutions'),
  'securities.transfer': [perSecond('securities.transfer', 5, rows.transfer)],
  'public.getTime': [perSecond('public.getTime', 20, rows.time, { scope: 'ip', assumed: true })],
  'public.getTimeV3': [
    perSecond('public.getTimeV3', 20, rows.time, { scope: 'ip', assumed: true }),
  ],
  'public.getInstruments': [
    perSecond(
      'public.getInstruments',
      20,
      rows.market('GET /api/v3/market/instruments | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'public.getTickers': [
    perSecond('public.getTickers', 20, rows.market('GET /api/v3/market/tickers: 20/s/IP'), {
      scope: 'ip',
    }),
  ],
  'public.getSpotSymbols': [
    perSecond(
      'public.getSpotSymbols',
      20,
      rows.market('GET /api/v2/spot/public/symbols | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'public.getSpotCoins': [
    perSecond(
      'public.getSpotCoins',
      3,
      rows.market('GET /api/v2/spot/public/coins (rate limit not listed; 3/s assumed)'),
      { scope: 'ip', assumed: true },
    ),
  ],
  'classic.getContracts': [
    perSecond(
      'classic.getContracts',
      20,
      rows.market('GET /api/v2/mix/market/contracts | Public; 20/s/IP'),
      { scope: 'ip' },
    ),
  ],
  'classic.getTicker': [
    perSecond('classic.getTicker', 20, rows.market('GET /api/v2/mix/market/ticker: 20/s per IP'), {
      scope: 'ip',
    }),
  ],
  'classic.getAllPositions': [
    perSecond(
      'classic.getAllPositions',
      5,
      rows.market('GET /api/v2/mix/position/all-position: 5/s/UID'),
    ),
  ],
  'savings.getProducts': [
    perSecond(
      'savings.getProducts',
      10,
      rows.market('Savings (v2 earn): All 10/s/UID. GET /api/v2/earn/savings/product'),
    ),
  ],
  'unified.getAccountAssets': [
    perSecond(
      'unified.getAccountAssets',
      20,
      rows.market('UTA "Get Account Assets", 20/s/UID (ccxt fetchBalance reads it)'),
      { assumed: true },
    ),
  ],
  'unified.getAccountSettings': [
    perSecond(
      'unified.getAccountSettings',
      20,
      rows.market('GET /api/v3/account/settings | UTA mgt (read); 20/s per UID'),
    ),
  ],
  'unified.getCurrentPosition': [
    perSecond(
      'unified.getCurrentPosition',
      20,
      rows.market('GET /api/v3/position/current-position | UTA trade (read); 20/s/UID'),
    ),
  ],
}

/**
 * The budget shared by place-order and cancel-order on rToken pairs: 5 per second per UID,
 * 30 for whitelisted users (one key, two sizes).
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.rToken.whitelisted.limit // 30
 */
export const rToken = {
  standard: perSecond('unified.rToken', 5, rows.rToken),
  whitelisted: perSecond('unified.rToken', 30, rows.rToken),
} as const satisfies Record<string, Rule>

/**
 * The rules that replace an endpoint's own rules for copy-trading traders: reversal and
 * batch-place-order at 1 per second (same key: it is the same budget, only smaller).
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.copyTrader['classic.clickBackhand']?.[0]?.limit // 1
 */
export const copyTrader: Readonly<Partial<Record<EndpointId, readonly Rule[]>>> = {
  'classic.clickBackhand': [perSecond('classic.clickBackhand', 1, rows.reversal)],
  'classic.batchPlaceOrder': [perSecond('classic.batchPlaceOrder', 1, rows.batchPlace)],
}

/**
 * Whether a string is one of the endpoint ids of the table.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.isEndpointId('unified.placeOrder') // true
 */
export function isEndpointId(id: string): id is EndpointId {
  return Object.hasOwn(table, id)
}

/**
 * Returns the rules to acquire for one call of an endpoint: its own rules, the smaller
 * copy-trader budgets when `options.copyTrader`, and the shared rToken budget when the
 * request's `symbol` is an rToken pair (place-order and cancel-order only).
 *
 * cancel-order carries no `symbol`, so by id alone the rToken budget cannot be known: pass the
 * order's symbol in the request argument (only `symbol` is read), e.g.
 * `resolve('unified.cancelOrder', { ...request, symbol })`; without it only the endpoint's own
 * 10 per second is taken.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.resolve('unified.placeOrder', { symbol: 'rAAPLUSDT' }).map((rule) => rule.key)
 * // ['unified.placeOrder', 'unified.rToken']
 */
export function resolve(
  endpointId: EndpointId,
  request?: unknown,
  options: resolve.Options = {},
): readonly Rule[] {
  if (!isEndpointId(endpointId)) throw new UnknownEndpointError(endpointId)
  const own = (options.copyTrader ? copyTrader[endpointId] : undefined) ?? table[endpointId]
  if (!rTokenEndpoints.has(endpointId) || !isRToken(symbolOf(request) ?? '')) return own
  return [...own, options.rTokenWhitelisted ? rToken.whitelisted : rToken.standard]
}

export declare namespace resolve {
  /** What the caller's account is entitled to; both default to `false`. */
  type Options = {
    /** The account is whitelisted for 30 rToken orders per second instead of 5. */
    rTokenWhitelisted?: boolean | undefined
    /** The key belongs to a copy-trading trader (reversal and batch-place at 1 per second). */
    copyTrader?: boolean | undefined
  }
}

const rTokenEndpoints: ReadonlySet<EndpointId> = new Set<EndpointId>([
  'unified.placeOrder',
  'unified.cancelOrder',
])

function symbolOf(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return undefined
  const symbol = (request as { symbol?: unknown }).symbol
  return typeof symbol === 'string' ? symbol : undefined
}

/** Thrown by {@link resolve} for an id that is not in the table (only reachable untyped). */
export class UnknownEndpointError extends BaseError {
  static override readonly kind = 'RateLimits.UnknownEndpointError'
  override name = 'RateLimits.UnknownEndpointError'
  constructor(id: string) {
    super(`Unknown endpoint id ${JSON.stringify(id)}: it has no rate-limit rules.`)
  }
}
