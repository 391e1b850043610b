/**
 * Position modes and the mapping between a trading intent (open long, close short, ...) and
 * the request fields, in both directions: unified account (unified order rule 4) and classic futures
 * (classic order rule 1).
 */
import { create, describe, type Issue, type Path } from './Issue.js'

/** The position mode of an account for a futures line. */
export type Mode = 'hedge' | 'one_way'
/** Every position mode. */
export const modes = ['hedge', 'one_way'] as const

/** What an order does to a position. */
export type Intent = 'open_long' | 'open_short' | 'close_long' | 'close_short'
/** Every intent. */
export const intents = ['open_long', 'open_short', 'close_long', 'close_short'] as const

/** Unified-account order fields that express the intent. */
export type UnifiedFields = {
  readonly side: 'buy' | 'sell'
  readonly posSide?: 'long' | 'short' | undefined
  readonly reduceOnly?: 'yes' | 'no' | undefined
}

/** Classic-futures order fields that express the intent. */
export type ClassicFields = {
  readonly side: 'buy' | 'sell'
  readonly tradeSide?: 'open' | 'close' | undefined
  readonly reduceOnly?: 'YES' | 'NO' | undefined
}

const unifiedHedge = {
  open_long: { side: 'buy', posSide: 'long' },
  open_short: { side: 'sell', posSide: 'short' },
  close_long: { side: 'sell', posSide: 'long' },
  close_short: { side: 'buy', posSide: 'short' },
} as const satisfies Record<Intent, UnifiedFields>

const unifiedOneWay = {
  open_long: { side: 'buy' },
  open_short: { side: 'sell' },
  close_long: { side: 'sell', reduceOnly: 'yes' },
  close_short: { side: 'buy', reduceOnly: 'yes' },
} as const satisfies Record<Intent, UnifiedFields>

const classicHedge = {
  open_long: { side: 'buy', tradeSide: 'open' },
  close_long: { side: 'buy', tradeSide: 'close' },
  open_short: { side: 'sell', tradeSide: 'open' },
  close_short: { side: 'sell', tradeSide: 'close' },
} as const satisfies Record<Intent, ClassicFields>

const classicOneWay = {
  open_long: { side: 'buy' },
  open_short: { side: 'sell' },
  close_long: { side: 'sell', reduceOnly: 'YES' },
  close_short: { side: 'buy', reduceOnly: 'YES' },
} as const satisfies Record<Intent, ClassicFields>

/**
 * The unified-account fields for an intent (unified order rule 4).
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.toUnified('close_long', 'hedge') // { side: 'sell', posSide: 'long' }
 * PositionMode.toUnified('close_long', 'one_way') // { side: 'sell', reduceOnly: 'yes' }
 */
export function toUnified(intent: Intent, mode: Mode): UnifiedFields {
  return (mode === 'hedge' ? unifiedHedge : unifiedOneWay)[intent]
}

/**
 * The intent of unified-account fields, or `undefined` when they do not fit the mode.
 * In one-way mode an order without `reduceOnly: 'yes'` opens (or adds to) a position.
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.fromUnified({ side: 'buy', posSide: 'short' }, 'hedge') // 'close_short'
 */
export function fromUnified(fields: UnifiedFields, mode: Mode): Intent | undefined {
  if (mode === 'hedge') {
    if (fields.posSide === undefined || fields.reduceOnly !== undefined) return undefined
    if (fields.posSide === 'long') return fields.side === 'buy' ? 'open_long' : 'close_long'
    return fields.side === 'sell' ? 'open_short' : 'close_short'
  }
  if (fields.posSide !== undefined) return undefined
  if (fields.reduceOnly === 'yes') return fields.side === 'sell' ? 'close_long' : 'close_short'
  return fields.side === 'buy' ? 'open_long' : 'open_short'
}

/**
 * The classic-futures fields for an intent (classic order rule 1).
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.toClassic('close_long', 'hedge') // { side: 'buy', tradeSide: 'close' }
 */
export function toClassic(intent: Intent, mode: Mode): ClassicFields {
  return (mode === 'hedge' ? classicHedge : classicOneWay)[intent]
}

/**
 * The intent of classic-futures fields, or `undefined` when they do not fit the mode.
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.fromClassic({ side: 'sell', tradeSide: 'close' }, 'hedge') // 'close_short'
 */
export function fromClassic(fields: ClassicFields, mode: Mode): Intent | undefined {
  if (mode === 'hedge') {
    if (fields.tradeSide === undefined || fields.reduceOnly !== undefined) return undefined
    const long = fields.side === 'buy'
    if (fields.tradeSide === 'open') return long ? 'open_long' : 'open_short'
    return long ? 'close_long' : 'close_short'
  }
  if (fields.tradeSide !== undefined) return undefined
  if (fields.reduceOnly === 'YES') return fields.side === 'sell' ? 'close_long' : 'close_short'
  return fields.side === 'buy' ? 'open_long' : 'open_short'
}

/**
 * The mode rules of a unified-account futures order: hedge mode needs `posSide` and takes no
 * `reduceOnly`; one-way mode takes no `posSide` (the exchange answers 40774).
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.checkUnified({ side: 'buy', posSide: 'long' }, 'one_way')[0]?.type // 'forbidden'
 */
export function checkUnified(fields: Partial<UnifiedFields>, mode: Mode, path: Path = []): Issue[] {
  const issues: Issue[] = []
  if (mode === 'hedge') {
    if (fields.posSide === undefined)
      issues.push(
        create({
          type: 'missing',
          path: [...path, 'posSide'],
          expected: '"long" or "short" (required in hedge mode)',
          received: 'undefined',
        }),
      )
    if (fields.reduceOnly !== undefined)
      issues.push(
        forbidden([...path, 'reduceOnly'], fields.reduceOnly, 'hedge mode', 'one-way mode only'),
      )
  } else if (fields.posSide !== undefined) {
    issues.push(forbidden([...path, 'posSide'], fields.posSide, 'one-way mode', 'hedge mode only'))
  }
  return issues
}

/**
 * The mode rules of a classic-futures order: hedge mode needs `tradeSide` and takes no
 * `reduceOnly`; one-way mode takes no `tradeSide` (ignored by the exchange, so a sign of a
 * mistaken mode).
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.checkClassic({ side: 'buy' }, 'hedge')[0]?.path // ['tradeSide']
 */
export function checkClassic(fields: Partial<ClassicFields>, mode: Mode, path: Path = []): Issue[] {
  const issues: Issue[] = []
  if (mode === 'hedge') {
    if (fields.tradeSide === undefined)
      issues.push(
        create({
          type: 'missing',
          path: [...path, 'tradeSide'],
          expected: '"open" or "close" (required in hedge mode)',
          received: 'undefined',
        }),
      )
    if (fields.reduceOnly !== undefined)
      issues.push(
        forbidden([...path, 'reduceOnly'], fields.reduceOnly, 'hedge mode', 'one-way mode only'),
      )
  } else if (fields.tradeSide !== undefined) {
    issues.push(
      forbidden([...path, 'tradeSide'], fields.tradeSide, 'one-way mode', 'hedge mode only'),
    )
  }
  return issues
}

function forbidden(path: Path, value: unknown, context: string, rule: string): Issue {
  return create({
    type: 'forbidden',
    path,
    expected: `no value in ${context} (${rule})`,
    received: describe(value),
  })
}

/** The fields the position-mode rules name, per line (a classic plan's `holdSide` included). */
const modeFields = {
  unified: new Set(['posSide', 'reduceOnly']),
  classic: new Set(['tradeSide', 'reduceOnly', 'holdSide']),
} as const

/** The issue types of the position-mode rules. */
const modeIssueTypes = new Set<string>(['forbidden', 'missing', 'mismatch'])

/**
 * Whether an issue is a position-mode rule's on `line`: a mode field that the mode forbids,
 * requires or wants another value of (a classic take-profit's `holdSide`: `long`/`short` in
 * hedge mode, `buy`/`sell` in one-way mode). A wrong type or value of the field (`reduceOnly:
 * true`, `posSide: 'up'`) is the schema's, which no mode read again can change: a client reads
 * the account's mode again only on a mode rule's issue.
 *
 * @example
 * import { PositionMode } from '@tradeline/rules'
 * PositionMode.isModeIssue(PositionMode.checkClassic({ side: 'buy' }, 'hedge')[0]!, 'classic') // true
 */
export function isModeIssue(issue: Issue, line: 'unified' | 'classic'): boolean {
  return (
    modeIssueTypes.has(issue.type) &&
    modeFields[line].has(String(issue.path[issue.path.length - 1]))
  )
}
