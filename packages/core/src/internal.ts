/**
 * `@tradeline/core/internal`: helpers for the authors of tradeline's clients (splitting batches,
 * dropping `undefined` fields, waiting, reading socket frames, refusing a missing argument, ...).
 *
 * Unstable: these change with the clients that use them, in any version, without a deprecation
 * period. An application imports from `@tradeline/core` (or a client package) instead.
 */

export { withAliases } from './aliases.js'
export { type AnsweredIds, answeredIds } from './answered.js'
export { chunk, duplicates } from './batches.js'
export { combineSignals, defined, requireArgument, withClientOid } from './calls.js'
export { modificationRefusal } from './change.js'
export {
  type IdlessJudgement,
  type IdlessWrite,
  type IdlessWrites,
  idlessWrites,
} from './idless.js'
export { assertFactoryOptions } from './internal/transportOptions.js'
export { type OneBatchCall, runOneBatch, runOptionsOf } from './oneBatch.js'
export { batchPlacement, placementReading, wallSkew } from './placement.js'
export {
  pendingAsUnknown,
  refusalAsUnknown,
  retryOffset,
  retryOffsetMark,
  sleep,
} from './reconcile.js'
export { assertStreamOptions } from './stream/optionShapes.js'
export { streamOptionError } from './stream/options.js'
export { messageText } from './stream/socket.js'
export { keepState, maxStateKeys } from './stream/stateMap.js'
export { subscriptionKey } from './stream/types.js'
