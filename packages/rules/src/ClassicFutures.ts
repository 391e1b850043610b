// Classic-account futures endpoints (spec Part B): one module per endpoint under ./classic.
export { placeOrder } from './classic/placeOrder.js'
