/**
 * The helpers that moved to `@tradeline/core/internal`, still exported from the package root for
 * one minor version (the same functions) so existing imports keep working. Import them from
 * `@tradeline/core/internal`; the root exports go in the next minor version.
 */
import * as internal from './internal.js'

/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const chunk: typeof internal.chunk = internal.chunk
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const duplicates: typeof internal.duplicates = internal.duplicates
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const combineSignals: typeof internal.combineSignals = internal.combineSignals
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const defined: typeof internal.defined = internal.defined
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const requireArgument: typeof internal.requireArgument = internal.requireArgument
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const pendingAsUnknown: typeof internal.pendingAsUnknown = internal.pendingAsUnknown
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const refusalAsUnknown: typeof internal.refusalAsUnknown = internal.refusalAsUnknown
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const sleep: typeof internal.sleep = internal.sleep
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const streamOptionError: typeof internal.streamOptionError = internal.streamOptionError
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const messageText: typeof internal.messageText = internal.messageText
/** @deprecated Moved to `@tradeline/core/internal` (unstable); leaves the root in the next minor version. */
export const subscriptionKey: typeof internal.subscriptionKey = internal.subscriptionKey
