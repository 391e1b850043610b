// Every export is named here; nothing is re-exported wholesale from internals.
export { BaseError, type BaseErrorParameters, ValidationError } from '@tradeline/rules/shared'
// Types: what each action throws, as unions that narrow; batch placements with resolved ids.
export {
  type BatchEngine,
  type BatchOutcome,
  type BatchProgress,
  type ItemResult,
  type RunBatchesOptions,
  resolveOrderIds,
  runBatches,
  type SettledAck,
} from './batches.js'
export {
  type Clock,
  computeOffset,
  type SyncedClock,
  systemClock,
  type TimeSample,
} from './Clock.js'
export {
  type CallingClient,
  callEndpoint,
  clientOidFor,
  createClientOid,
  duplicateClientOidCodes,
  orderAbsentCodes,
  parseData,
  sendRequest,
  validateRequest,
} from './calls.js'
export {
  type Change,
  type ChangeVerdict,
  clockTolerance,
  OrderClosedOutcomeUnknownError,
  OrderReplacedError,
  type RefusalMeaning,
  type RunChangeOptions,
  runChange,
} from './change.js'
export {
  type BoundAction,
  type BoundActions,
  bindActions,
  type CallOptions,
  type ChangeOptions,
  type ClientBase,
  type ClientConfig,
  createClientBase,
  extendClient,
  type Instruments,
  type OrderClientConfig,
  type PositionModes,
  type RateLimitRows,
} from './createClientBase.js'
export { createLoadCache, type LoadCache } from './createLoadCache.js'
export {
  type Credentials,
  createTransport,
  defaultBaseUrl,
  type EndpointRef,
  type Hooks,
  type RequestView,
  type Transport,
} from './createTransport.js'
// Helpers for client authors, moved to @tradeline/core/internal; deprecated here for one minor version.
export {
  chunk,
  combineSignals,
  defined,
  duplicates,
  messageText,
  pendingAsUnknown,
  refusalAsUnknown,
  requireArgument,
  sleep,
  streamOptionError,
  subscriptionKey,
} from './deprecated.js'
export {
  type CodeKind,
  classifyCode,
  type Envelope,
  losslessNumbers,
  type ParseResult,
  parseEnvelope,
  rejectionCodes,
  successCode,
  timestampExpiredCode,
  unknownOutcomeCodes,
} from './Envelope.js'
export {
  ApiError,
  HookError,
  type HookName,
  MissingCredentialsError,
  NetworkError,
  RateLimitedError,
  type RequestInfo,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  type UnknownOutcomeReason,
} from './Errors.js'
export type {
  ChangeErrorType,
  Named,
  PlacementErrorType,
  ReadErrorType,
  WriteErrorType,
} from './errorTypes.js'
export * as Fields from './Fields.js'
export { FastFields, notCovered, readFast } from './fastRecord.js'
export { crc32 } from './market/crc32.js'
export { createMarketStream } from './market/createMarketStream.js'
// Ledger: the current funding rate record both futures lines answer.
export {
  type FundingRateRecord,
  fundingRateRecord,
  fundingRateRecords,
} from './market/funding.js'
export type {
  MarketLine,
  MarketReadOptions,
  MarketStream,
  OrderBookEvent,
  OrderBookOptions,
  ResyncEvent,
} from './market/marketTypes.js'
export {
  type BookLevel,
  compareDecimals,
  createOrderBook,
  type OrderBook,
} from './market/orderBook.js'
export {
  type BookPush,
  type MarketCandle,
  type MarketTicker,
  type MarketTrade,
  readBookPush,
  readMarketCandle,
  readMarketTicker,
  readMarketTrade,
} from './market/records.js'
export type { Product } from './Product.js'
export { placement } from './placement.js'
export type { RateLimiter, RateLimitRequest, Release } from './RateLimiter.js'
export {
  defaultReconcile,
  isReconcilable,
  isRetry,
  modificationPendingCodes,
  OrderIdUnresolvedError,
  OrderNotChangedError,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  type ReconcileOptions,
  type ReconcileSettings,
  reconcileSettings,
  retryMark,
  retryOf,
  retrySince,
  settle,
  type Verdict,
} from './reconcile.js'
export {
  createHmacSigner,
  createRsaSigner,
  encodeQuery,
  InvalidPrivateKeyError,
  prehash,
  type Query,
  type QueryValue,
  type Signer,
  sign,
  sortQuery,
} from './sign.js'
export { createStreamConnection } from './stream/createStreamConnection.js'
export { createEventQueue, type EventQueue } from './stream/EventQueue.js'
export { streamEndpoint } from './stream/endpoint.js'
export {
  StreamClosedError,
  StreamGapError,
  StreamListenerError,
  StreamLoginError,
  StreamMessageTooLargeError,
  StreamOverflowError,
  StreamPushError,
  StreamStateCappedError,
  StreamSubscribeError,
  StreamSubscribeTimeoutError,
  StreamSubscriptionsWaitingError,
} from './stream/errors.js'
export {
  allPages,
  type FillShape,
  type GapReads,
  Ledger,
  type Missed,
  type OrderShape,
} from './stream/ledger.js'
export { readServerMessage, type ServerMessage } from './stream/messages.js'
export {
  connectionOptions,
  type LineStreamOptions,
  type PrivateLineStreamOptions,
  type StreamConnectionOptions,
  type StreamControls,
  type StreamCredentials,
  streamLogin,
} from './stream/options.js'
export {
  createPrivateStream,
  type PrivateStream,
  type PrivateTopic,
  type StreamEventMeta,
  type StreamReadOptions,
} from './stream/privateStream.js'
export {
  loadWebSocket,
  type WebSocketConstructor,
  type WebSocketLike,
} from './stream/socket.js'
export {
  type StreamClose,
  type StreamConnection,
  type StreamConnectionParameters,
  type StreamEvent,
  type StreamGate,
  type StreamPush,
  type StreamReadyContext,
  type StreamState,
  type StreamTimers,
  systemTimers,
} from './stream/types.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
