// Savings endpoints: modules under ./savings.
export { getProducts, productFilters } from './savings/getProducts.js'
export { getRedeemResult } from './savings/getRedeemResult.js'
export { getSubscribeInfo } from './savings/getSubscribeInfo.js'
export { getSubscribeResult } from './savings/getSubscribeResult.js'
// savings account, holdings, records and the subscribe/redeem writes
export { getAccount, getAssets, getRecords, type RecordType, recordTypes } from './savings/lists.js'
export { type PeriodType, periodTypes } from './savings/periodType.js'
export { redeem, subscribe } from './savings/subscribe.js'
// a subscription's amount against the product's subscribe-info (checked before sending)
export { type SubscribeLimits, subscribeAmountIssues } from './savings/subscribeLimits.js'
