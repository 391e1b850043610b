/**
 * The options of the streams checked by shape (see ../internal/optionShapes.ts), with their
 * numbers (`Options.streamConnection` of the rules).
 */
import { Options } from '@tradeline/rules/shared'
import {
  assertOptions,
  flag,
  fn,
  having,
  object,
  type ShapeRow,
  url,
} from '../internal/optionShapes.js'

/** The socket's own options, which every stream factory passes to its connection. */
const socketRows: readonly ShapeRow[] = [
  ['WebSocket', fn],
  ['timers', having('now', 'setTimeout', 'clearTimeout')],
  ['random', fn],
]

/** The options every stream factory takes. */
const streamRows: readonly ShapeRow[] = [
  ['url', url('ws', 'wss')],
  ...socketRows,
  ['demoTrading', flag],
  ['credentials', object],
]

/** What only `createStreamConnection` takes: `url` and `onPush`, and the callbacks of its events. */
const connectionRows: readonly ShapeRow[] = [
  ['url', url('ws', 'wss'), true],
  ...socketRows,
  ['onPush', fn, true],
  ...[
    'login',
    'gate',
    'deliveryPart',
    'onReady',
    'onResume',
    'onSubscribeError',
    'onFail',
    'onEvent',
  ].map((name): ShapeRow => [name, fn]),
]

/**
 * Checks a stream factory's options (the numbers, then the shapes; `connection`: those of
 * `createStreamConnection`, its callbacks and its required `url` and `onPush`) and throws one
 * `ValidationError` of `name` listing every issue.
 *
 * @example
 * import { assertStreamOptions } from '@tradeline/core/internal'
 * assertStreamOptions('createUnifiedStream', { url: 'https://x' }) // throws: url: expected a ws or wss URL ...
 */
export function assertStreamOptions(name: string, options: unknown, connection = false): void {
  assertOptions(name, Options.streamConnection, options, connection ? connectionRows : streamRows)
}
