// Unified-account endpoints (spec Part A): one module per endpoint under ./unified.
export { cancelOrder } from './unified/cancelOrder.js'
