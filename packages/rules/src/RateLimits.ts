/**
 * The rate-limit table of every endpoint (docs/exchange-conventions.md, "Rate limits"; the exchange docs for
 * the endpoints named only in navigation, docs/architecture.md where the exchange documentation says "not shown") as data
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
import { classicTable, copyTrader } from './internal/classicRateLimits.js'
import { publicTable } from './internal/publicRateLimits.js'
import { savingsTable } from './internal/savingsRateLimits.js'
import { securitiesTable } from './internal/securitiesRateLimits.js'
import { rToken, unifiedTable } from './internal/unifiedRateLimits.js'
import { isRToken } from './ProductLine.js'

export { classicTable, copyTrader } from './internal/classicRateLimits.js'
export { publicTable } from './internal/publicRateLimits.js'
export { savingsTable } from './internal/savingsRateLimits.js'
export {
  securitiesTable,
  stockplusMarketConcurrencyKey,
} from './internal/securitiesRateLimits.js'
export { rToken, unifiedTable } from './internal/unifiedRateLimits.js'

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

/** Every endpoint id of the SDK, in the order of the exchange documentation. */
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
  'classic.getOrdersHistory',
  'classic.getFills',
  'savings.getProducts',
  'unified.getAccountSettings',
  'unified.getCurrentPosition',
  'unified.getAdlRank',
  'unified.getAccountAssets',
  'unified.getFeeRate',
  // account settings and margin (classic and unified)
  'classic.getAccount',
  'classic.getAccounts',
  'classic.setLeverage',
  'classic.setMarginMode',
  'classic.setPositionMode',
  'classic.getMaxOpen',
  'classic.getOpenCount',
  'classic.setMargin',
  'classic.getLiquidationPrice',
  'classic.setAutoMargin',
  'classic.getTradeRate',
  'unified.setLeverage',
  'unified.setHoldMode',
  'unified.getMaxOpenAvailable',
  'unified.setMargin',
  // classic plan (trigger) and take-profit/stop-loss orders
  'classic.placePlanOrder',
  'classic.placeTpslOrder',
  'classic.placePosTpsl',
  'classic.modifyPlanOrder',
  'classic.modifyTpslOrder',
  'classic.cancelPlanOrder',
  'classic.getOrdersPlanPending',
  'classic.getOrdersPlanHistory',
  'classic.getPlanSubOrder',
  // Market data reads of both futures lines.
  'classic.getTickers',
  'classic.getCandles',
  'classic.getHistoryCandles',
  'classic.getMergeDepth',
  'classic.getRecentTrades',
  'classic.getHistoryTrades',
  'classic.getOpenInterest',
  'classic.getSymbolPrice',
  'unified.getCandles',
  'unified.getHistoryCandles',
  'unified.getOrderBook',
  'unified.getPublicFills',
  'unified.getOpenInterest',
  'unified.getRiskReserve',
  'classic.getHistoryMarkCandles',
  'classic.getHistoryIndexCandles',
  'classic.getFundingTime',
  'unified.getPositionTier',
  'classic.getPositionTier',
  'classic.getLongShort',
  'classic.getAccountLongShort',
  'classic.getPositionLongShort',
  'classic.getTakerBuySell',
  'classic.getVipFeeRate',
  // Ledger: bills, funding, fill and position history, unified close positions.
  'classic.getAccountBill',
  'classic.getFillHistory',
  'classic.getSinglePosition',
  'classic.getHistoryPosition',
  'classic.getAdlRank',
  'classic.getCurrentFundRate',
  'classic.getHistoryFundRate',
  'unified.getFinancialRecords',
  'unified.getPositionHistory',
  'unified.closePositions',
  'public.getCurrentFundRate',
  'public.getHistoryFundRate',
  'classic.transfer',
  'classic.getTransferRecords',
  'unified.transfer',
  'unified.getFundingAssets',
  'unified.getMaxTransferable',
  'unified.getAccountInfo',
  'unified.getMaxWithdrawal',
  'unified.getOpenInterestLimit',
  'unified.getTransferableCoins',
  'unified.getDepositAddress',
  'unified.getDepositRecords',
  'unified.withdraw',
  'unified.getWithdrawalRecords',
  // Securities money records.
  'securities.getCashFlow',
  'securities.getTransferRecords',
  // savings account, holdings, records and the subscribe/redeem writes
  'savings.subscribe',
  'savings.redeem',
  'savings.getRedeemResult',
  'savings.getAssets',
  'savings.getRecords',
  'savings.getAccount',
  // securities market data and option discovery
  'securities.getOptionExpiryDates',
  'securities.getOptionChain',
  'securities.getOptionVolume',
  'securities.getQuote',
  'securities.getCandlestick',
  'securities.getHistoryCandlestick',
  // securities order management: cancel, modify, order reads, today's executions
  'securities.cancelOrder',
  'securities.modifyOrder',
  'securities.getOrderDetail',
  'securities.getTodayOrders',
  'securities.getHistoryOrders',
  'securities.getTodayExecutions',
] as const

/** The id of an endpoint, e.g. `unified.placeOrder`. */
export type EndpointId = (typeof endpointIds)[number]

/**
 * The rules of every endpoint for a caller without special status (not whitelisted for
 * rToken pairs, not a copy-trading trader); {@link resolve} adds what depends on the request.
 * The union of the per-line tables ({@link publicTable}, {@link unifiedTable},
 * {@link classicTable}, {@link securitiesTable}, {@link savingsTable}): a client's default
 * limiter takes only its own line's, so a browser bundle carries only those rows.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * RateLimits.table['unified.getMarketStates']
 * // [{ kind: 'window', key: 'unified.getMarketStates', scope: 'ip', limit: 1, windowMs: 1000, source: 'market/states | 1 per second per IP' }]
 */
export const table: Readonly<Record<EndpointId, readonly Rule[]>> = /* @__PURE__ */ Object.assign(
  {},
  publicTable,
  unifiedTable,
  classicTable,
  securitiesTable,
  savingsTable,
)

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
  return resolveIn(table, endpointId, request, options)
}

/**
 * {@link resolve} over a part of the table, e.g. {@link unifiedTable} with {@link publicTable}:
 * an id the part does not hold throws `UnknownEndpointError`.
 *
 * @example
 * import { RateLimits } from '@tradeline/rules'
 * const unified = { ...RateLimits.publicTable, ...RateLimits.unifiedTable }
 * RateLimits.resolveIn(unified, 'unified.placeOrder').map((rule) => rule.kind === 'window' && rule.limit) // [10]
 */
export function resolveIn(
  rules: Readonly<Partial<Record<string, readonly Rule[]>>>,
  endpointId: string,
  request?: unknown,
  options: resolve.Options = {},
): readonly Rule[] {
  if (!Object.hasOwn(rules, endpointId)) throw new UnknownEndpointError(endpointId)
  const id = endpointId as EndpointId
  const own = (options.copyTrader ? copyTrader[id] : undefined) ?? (rules[id] as readonly Rule[])
  if (!rTokenEndpoints.has(id) || !isRToken(symbolOf(request) ?? '')) return own
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
