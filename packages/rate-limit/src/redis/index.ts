// Every export is named here; nothing is re-exported wholesale from internals.
export { createRedisStore, StoreUnavailableError } from './createRedisStore.js'
