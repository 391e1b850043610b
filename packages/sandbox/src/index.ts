// Every export is named here; nothing is re-exported wholesale from internals.
export { accountModeFailures, accountModeRefusal, apiModeOf } from './accountMode.js'
export type { Admin, OrderSeed, StateSnapshot } from './admin.js'
// Hardening: body and JSON bounds, admin input schemas and internal errors.
export { AdminInputError, adminBounds } from './adminInput.js'
export { isLoopback } from './adminRoutes.js'
export {
  createSandboxApp,
  routes,
  type SandboxApp,
  type SandboxHttpApp,
  type SandboxOptions,
} from './app.js'
export {
  type AuthFailure,
  type AuthResult,
  authenticate,
  authenticateHeaders,
  decodedQuery,
  defaultTimestampWindowMs,
  prehash,
  type Requirement,
  requirementOf,
  type SignedRequest,
  sortedRawQuery,
} from './auth.js'
export { bodyBytesInFlightLimit, bodyLimitBytes, tooLarge } from './body.js'
// stream secret scan: the spellings the `echo` fault writes, for upstreams of other suites
export { echoSpellings } from './echoSpellings.js'
export {
  type AnyEndpoint,
  type EndpointMap,
  endpointMap,
  isEndpoint,
  routeKey,
} from './endpoints.js'
export { type Envelope, type Failure, failure, notFound, success } from './envelope.js'
export {
  createEvents,
  type SandboxEvent,
  type SandboxEventListener,
  type SandboxEvents,
} from './events.js'
// the fault campaign reads the account settings and plan orders it judges
export {
  type MarginMode,
  type SettingsLine,
  type SymbolSettings,
  symbolSettingsOf,
} from './exchange/accountSettings.js'
export { coinsOf } from './exchange/balances.js'
// Market data reads: the tape, its candles, the shared books, the records and routes.
export { type Candle, type CandleQuery, candlesOf } from './exchange/candles.js'
export { classicTradeFields, classicWireFields } from './exchange/classic/fields.js'
export {
  classicFailures,
  failures,
  issueFailure,
  maxReducible,
  unknownSymbol,
} from './exchange/codes.js'
export { setCountdown } from './exchange/countdown.js'
// Ledger: fees, bills, closed positions and funding.
export {
  type Funding,
  type FundingRecord,
  fundingHistory,
  fundingIntervals,
  fundingOf,
  nextFundingTime,
  setFundingRate,
  settleFunding,
} from './exchange/funding.js'
export {
  type Bill,
  type BillKind,
  type ClosedPosition,
  type FeeOptions,
  type FeeRates,
  feeOptions,
  type Ledger,
  ledgerOf,
} from './exchange/ledger.js'
export { onPrice } from './exchange/market.js'
export type { PlanKind, PlanOrder } from './exchange/plans.js'
export { rTokenExpiry, rTokenGtcMs } from './exchange/rTokenExpiry.js'
// savings book: exact interest, totals and the steps of the property tests
export { type Redemption, savingsTotals } from './exchange/savings.js'
export { dailyInterest, settleSavings } from './exchange/savingsInterest.js'
export { savingsProduct } from './exchange/savingsProducts.js'
export {
  applySavingsStep,
  type SavingsStep,
  type SavingsStepOutcome,
} from './exchange/savingsSteps.js'
export { settle } from './exchange/settle.js'
export {
  type NumbersAs,
  type OptionContract,
  options as stockplusOptions,
  type Stock,
  stocks,
} from './exchange/stockplus.js'
export { type Print, type PrintKind, printsOf, recordPrice } from './exchange/tape.js'
export {
  accountBalance,
  insufficientBalance,
  type Transfer,
  transferFunds,
  transfersOf,
} from './exchange/transfers.js'
export type {
  Countdown,
  Fill,
  Modification,
  ModificationSettings,
  Position,
  StrategyOrder,
  StrategyType,
} from './exchange/types.js'
export { type Call, DroppedConnectionError, type Outcome, type Route } from './exchange.js'
export {
  type ActiveFault,
  createFaultStore,
  type Fault,
  type FaultCode,
  type FaultKind,
  type FaultStore,
  faultCodes,
  faultKinds,
  faultMessages,
} from './faults.js'
export {
  createOrderHistory,
  defaultOrderHistoryLimit,
  type OrderHistory,
  type OrderHistoryEntry,
  type OrderHistoryLog,
  type OrderHistoryQuery,
} from './history.js'
export { createInstrumentTable, type InstrumentTable } from './instruments.js'
export {
  createInternalErrors,
  type InternalError,
  type InternalErrors,
  internalError,
} from './internalErrors.js'
export { checkStructure, jsonBounds } from './json.js'
export {
  closedOrdersKept,
  createOrderStore,
  type Line,
  lineOf,
  type Order,
  type OrderFilter,
  type OrderStatus,
  type OrderStore,
  openStatuses,
  orderStatuses,
} from './orders.js'
export type { Seed } from './random.js'
export {
  type Admission,
  type Caller,
  createRateLimiter,
  type LimitRule,
  type RateLimiter,
  type RuleSource,
  rulesOf,
  sandboxRules,
} from './rateLimit.js'
export { accountSettingsRecord, positionRecord } from './records/account.js'
export {
  type ClassicOrderKind,
  classicOrderRecord,
  classicPositionRecord,
  classicStatusOf,
} from './records/classic.js'
export { classicFillRecord } from './records/classicFill.js'
export {
  classicTickerRecord,
  coinRecords,
  contractRecord,
  instrumentRecord,
  spotSymbolRecord,
  tickerRecord,
} from './records/market.js'
export {
  candleRow,
  classicTradeRecord,
  mergeLevels,
  numericLevel,
  publicFillRecord,
} from './records/marketData.js'
export { fillRecord, type OrderRecordKind, orderRecord } from './records/orders.js'
export { marginCurrencyRecord, spotAssetRecord } from './records/spot.js'
export { strategyRecord, strategyStatusOf } from './records/strategy.js'
export { formatRequestLog, type RequestLogEntry, withRequestLog } from './requestLog.js'
export { classicRoutes } from './routes/classic.js'
export { classicAnalyticsRoutes } from './routes/classicAnalytics.js'
export { marketRoutes } from './routes/market.js'
export { classicMarketDataRoutes } from './routes/marketData.js'
export { publicRoutes } from './routes/public.js'
export {
  type ApyStep,
  type SavingsProduct,
  type Subscription,
  savingsFailures,
  savingsProducts,
  savingsRoutes,
} from './routes/savings.js'
export {
  stockplusFailures,
  stockplusLotFailure,
  stockplusRoutes,
  stockplusTickFailure,
} from './routes/stockplus.js'
export { realityFillsSince } from './routes/unified/reality.js'
export { unifiedRoutes } from './routes/unified.js'
export { unifiedMarketDataRoutes } from './routes/unifiedMarket.js'
export {
  maxConnections,
  type ReceivedRequest,
  type RunningSandbox,
  requestTimeoutMs,
  type StartOptions,
  startSandbox,
} from './server.js'
export {
  type Account,
  type AccountMode,
  type ApiKey,
  accountModes,
  type ClassicSettings,
  type Clock,
  createClock,
  createState,
  defaultBalances,
  defaultClassicSettings,
  defaultInstruments,
  defaultPrices,
  type InstrumentStatus,
  instrumentStatuses,
  type KeyInput,
  type Permission,
  permissions,
  type RecordedRequest,
  recordedRequestLimit,
  type SandboxClock,
  type SandboxInstrument,
  type SandboxState,
  type SeedData,
} from './state.js'
// Busy-machine tests: timers that hold delay faults until the test releases them.
export { createTimerGate, type TimerGate } from './timerGate.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
export { type WsError, wsErrors } from './ws/login.js'
export { type BookChange, type BookStore, bookStoreOf } from './ws/marketBook.js'
// sandbox abuse review: the WebSocket bounds (README "Input limits").
export { wsArgLength, wsArgsPerMessage, wsBufferedBytes } from './ws/protocol.js'
export type { WsAdmin } from './ws/server.js'
