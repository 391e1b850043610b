// Every export is named here; nothing is re-exported wholesale from internals.
export { createRedisStore } from './createRedisStore.js'
export { StoreUnavailableError } from './StoreUnavailableError.js'
