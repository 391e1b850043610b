// Every export is named here; nothing is re-exported wholesale from internals.
// The error classes a caller catches, from @tradeline/core (and rules), so one import serves.
export {
  ApiError,
  BaseError,
  createClientOid,
  NetworkError,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  OrderReplacedError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
export { cancelAllOrders } from './actions/cancelAllOrders.js'
export { cancelBatch } from './actions/cancelBatch.js'
export { cancelOrder } from './actions/cancelOrder.js'
export { type CancelItem, cancelOrders } from './actions/cancelOrders.js'
export { closePositions } from './actions/closePositions.js'
export { getContracts } from './actions/getContracts.js'
export { getOrder } from './actions/getOrder.js'
export { getPendingOrders } from './actions/getPendingOrders.js'
export { getPositions } from './actions/getPositions.js'
export { modifyOrder, NewOrderNotFoundError } from './actions/modifyOrder.js'
export { placeBatch } from './actions/placeBatch.js'
export { placeOrder } from './actions/placeOrder.js'
export { type BatchOrder, placeOrders } from './actions/placeOrders.js'
export { reverseOrder } from './actions/reverseOrder.js'
export {
  type ClassicFuturesClient,
  createClassicFuturesClient,
} from './createClassicFuturesClient.js'
export type { BatchOptions, BatchOutcome, BatchProgress } from './internal/batches.js'
export type {
  CallOptions,
  ChangeOptions,
  ClientBase,
  ClientConfig,
  Instruments,
  PositionModes,
} from './internal/client.js'
export {
  candleIntervals,
  classicMarketStreamUrl,
  createClassicMarketStream,
  marketProductTypes,
} from './market/createClassicMarketStream.js'
export { lookUpOrder, type OrderQuery, sameOrder } from './reconcile.js'
export { toInstrument, untradableStatuses } from './schemas/instrument.js'
export {
  type BatchResult,
  batchResult,
  type ContractRecord,
  contractRecord,
  contractRecords,
  type OrderAck,
  type OrderDetail,
  orderAck,
  orderDetail,
  type PendingOrder,
  type PendingPage,
  type PositionRecord,
  pendingOrder,
  pendingPage,
  positionRecord,
  positionRecords,
} from './schemas/records.js'

/** The version of this package, written at version time. */
export { version } from './version.js'
