// Savings endpoints (spec Part B): one module per endpoint under ./savings.
export { getProducts, productFilters } from './savings/getProducts.js'
export { getSubscribeInfo } from './savings/getSubscribeInfo.js'
export { getSubscribeResult } from './savings/getSubscribeResult.js'
export { type PeriodType, periodTypes } from './savings/periodType.js'
