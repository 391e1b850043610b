/**
 * Every count and range limit of the interface as data (docs/exchange-conventions.md, "Rate limits";
 * "Limits"). Rate limits live in `RateLimits`.
 */

/** Orders per unified batch: place-batch, batch-modify-order, cancel-batch. */
export const unifiedBatchSize = 20
/** Orders per classic batch: batch-place-order `orderList`, batch-cancel-orders `orderIdList`. */
export const classicBatchSize = 50
/** Modification requests of batch-modify-order that may be in flight consecutively. */
export const batchModifyInFlight = 5
/** Open orders across all USDT, COIN and USDC futures pairs together. */
export const futuresHoldingLimit = 400
/** Open orders across all spot and margin pairs together. */
export const spotMarginHoldingLimit = 400
/** clientOid length. */
export const clientOidLength = { min: 1, max: 32 } as const
/** requestId of modify-order: at most 18 digits. */
export const requestIdMaxDigits = 18
/** Countdown switch window in seconds; `0` disables. */
export const countdown = { min: 5, max: 60, disable: 0 } as const
/** Page size of the unified read endpoints (open orders, history, fills). */
export const unifiedPageSize = 100
/** account/reality-fills page size (default and maximum). */
export const realityFillsLimit = 100
/** account/reality-fills history window: last three months. */
export const realityFillsMonths = 3
/** Order history: a query spans at most 30 days within the last 90. */
export const historyOrders = { spanDays: 30, withinDays: 90 } as const
/** stockplus market/trade `count`: at most 1000. */
export const securitiesTradeCount = 1000
/** stockplus market/static and market/option-quote: at most 500 symbols per request. */
export const securitiesSymbolsPerRequest = 500
/** stockplus trade/history-executions: at most 1000 orders per query. */
export const securitiesExecutionsPerQuery = 1000
/** stockplus history-executions default window: 90 days. */
export const securitiesExecutionsWindowDays = 90
/** stockplus remark: at most 64 characters. */
export const securitiesRemarkLength = 64
/** stockplus `limitDepthLevel`: integer in [-5, 5]. */
export const limitDepthLevel = { min: -5, max: 5 } as const
/** stockplus `triggerCount`: 0 to 3. */
export const triggerCount = { min: 0, max: 3 } as const
/** Trailing stop `trailVariance` with trailType=ratio: spot [0.1, 20], futures [0.1, 10]. */
export const trailVarianceRatio = {
  spot: { min: '0.1', max: '20' },
  futures: { min: '0.1', max: '10' },
} as const
/**
 * Elements of a strategy parameter list (`ocoParams`, `trailingStopParams`, `icebergParams`,
 * `twapParams`): the exchange documentation says "list ... each element" without a count; tradeline's bound is
 * the 20 items the unified account takes in any one request (place-batch, batch-modify-order,
 * cancel-batch).
 */
export const strategyParams = { min: 1, max: 20 } as const
/** Iceberg `splitOrderNumbers`: [1, 100]. */
export const icebergSplitOrderNumbers = { min: 1, max: 100 } as const
/** TWAP `duration` in minutes: [1, 1440]. */
export const twapDurationMinutes = { min: 1, max: 1440 } as const
/** TWAP `interval` in seconds: one of these. */
export const twapIntervals = ['5', '10', '20', '30', '60'] as const
/** TWAP `limitOffsetPercentage`: [0.001, 0.1] (0.1 = 10%). */
export const twapLimitOffsetPercentage = { min: '0.001', max: '0.1' } as const
/** TWAP `limitOffsetSpread`: at most 20% of the latest trade price. */
export const twapLimitOffsetSpreadMaxRatio = '0.2'

/**
 * Bounds of request text where the exchange documentation gives none (tradeline decisions, so that absurd but
 * well-formed values never reach the network). Each is checked before any other rule of the
 * field, so a megabyte is refused at once.
 *
 * - `symbol`: a trading pair, a securities `ticker.region` symbol (an option contract such as
 *   `AAPL260116C00150000.US` is 22) or a coin: at most 32 characters.
 * - `orderId`: a platform order id, all digits (the exchange's ids are 19): at most 32 digits.
 * - `decimal`: a price, quantity or amount written as a decimal string: at most 40 characters.
 * - `integer`: a whole number written as text (times in milliseconds, counts, page sizes): at
 *   most 20 digits.
 * - `id`: an opaque id of the platform (paging cursor, savings product id): at most 64
 *   characters.
 */
export const textLength = {
  symbol: 32,
  orderId: 32,
  decimal: 40,
  integer: 20,
  id: 64,
} as const
