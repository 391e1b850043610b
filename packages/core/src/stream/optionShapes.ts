/**
 * The options of the streams checked by shape (see ../internal/optionShapes.ts), with their
 * numbers (`Options.streamConnection` of the rules).
 */
import { type Issue, Options, ValidationError } from '@tradeline/rules/shared'
import {
  flag,
  fn,
  having,
  object,
  type ShapeRow,
  shapeIssues,
  url,
} from '../internal/optionShapes.js'

/** The options every stream factory takes (and passes to its connection). */
const streamRows: readonly ShapeRow[] = [
  ['url', url('ws', 'wss')],
  ['WebSocket', fn],
  ['timers', having('now', 'setTimeout', 'clearTimeout')],
  ['random', fn],
  ['demoTrading', flag],
  ['credentials', object],
]

/** What only `createStreamConnection` takes: `url` and `onPush`, and the callbacks of its events. */
const connectionRows: readonly ShapeRow[] = [
  ['url', url('ws', 'wss'), true],
  ['WebSocket', fn],
  ['timers', having('now', 'setTimeout', 'clearTimeout')],
  ['random', fn],
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
  const numbers = Options.check(Options.streamConnection, options)
  const issues: Issue.Issue[] = numbers.success ? [] : [...numbers.issues]
  issues.push(...shapeIssues(options, connection ? connectionRows : streamRows))
  if (issues.length > 0)
    throw new ValidationError({ endpoint: name, issues: issues as [Issue.Issue, ...Issue.Issue[]] })
}
