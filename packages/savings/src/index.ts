// Every export is named here; nothing is re-exported wholesale from internals.
export {
  ApiError,
  BaseError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '@tradeline/core'
// savings account, holdings, records and the subscribe/redeem writes
export { getAccount } from './actions/getAccount.js'
export { getAssets } from './actions/getAssets.js'
export { getProducts } from './actions/getProducts.js'
export { getRecords } from './actions/getRecords.js'
export { getRedeemResult } from './actions/getRedeemResult.js'
export { getSubscribeInfo } from './actions/getSubscribeInfo.js'
export { getSubscribeResult } from './actions/getSubscribeResult.js'
export { redeem } from './actions/redeem.js'
export { subscribe } from './actions/subscribe.js'
export { createSavingsClient, type SavingsClient } from './createSavingsClient.js'
// Public types and errors of the client, outside internal/.
export { SavingsOutcomeUnknownError } from './errors.js'
export {
  type AssetsPage,
  apyRange,
  assetsPage,
  type RecordsPage,
  type RedeemAck,
  recordsPage,
  redeemAck,
  type SavingsAccount,
  type SavingsAsset,
  type SavingsRecord,
  type SubscribeAck,
  savingsAccount,
  savingsAsset,
  savingsRecord,
  subscribeAck,
} from './schemas/holdings.js'
export {
  type ApyStep,
  apyStep,
  type ProductRecord,
  parseRedeemDelay,
  periodType,
  productRecord,
  productRecords,
  type RedeemDelay,
  redeemDelay,
  type SubscribeInfo,
  type SubscribeResult,
  subscribeInfo,
  subscribeResult,
  time,
} from './schemas/records.js'
export type { CallOptions, ClientBase, ClientConfig, SubscribeInfos } from './types.js'
/** The version of this package, written at version time. */
export { version } from './version.js'
