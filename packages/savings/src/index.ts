// Every export is named here; nothing is re-exported wholesale from internals.
export {
  ApiError,
  BaseError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  ValidationError,
} from '@tradeline/core'
export { getProducts } from './actions/getProducts.js'
export { getSubscribeInfo } from './actions/getSubscribeInfo.js'
export { getSubscribeResult } from './actions/getSubscribeResult.js'
export { createSavingsClient, type SavingsClient } from './createSavingsClient.js'
export type { CallOptions, ClientBase, ClientConfig } from './internal/client.js'
export {
  type ApyStep,
  apyStep,
  type ProductRecord,
  parseRedeemDelay,
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

/** The version of this package, written at version time. */
export { version } from './version.js'
