/** The time-window rule the classic list reads share; not exported from the package. */
import * as Decimal from '../Decimal.js'
import { create, describe, type Issue } from '../Issue.js'

/** `endTime` before `startTime` is a `range` issue on `endTime`. */
export function endNotBeforeStart(draft: {
  readonly startTime?: string | undefined
  readonly endTime?: string | undefined
}): readonly Issue[] {
  return draft.startTime !== undefined &&
    draft.endTime !== undefined &&
    Decimal.compare(draft.startTime, draft.endTime) > 0
    ? [
        create({
          type: 'range',
          path: ['endTime'],
          expected: `a time not before startTime (${draft.startTime})`,
          received: describe(draft.endTime),
        }),
      ]
    : []
}

/** A day in milliseconds. */
const dayMs = 86_400_000

/**
 * The widest `startTime`..`endTime` window a read takes: wider is a `range` issue on
 * `endTime` (a window the exchange would cut or refuse; e.g. 30 days of bills, a week of fill
 * history, three months of position history).
 */
export function windowAtMost(days: number) {
  return (draft: {
    readonly startTime?: string | undefined
    readonly endTime?: string | undefined
  }): readonly Issue[] =>
    draft.startTime !== undefined &&
    draft.endTime !== undefined &&
    Decimal.compare(draft.startTime, draft.endTime) <= 0 &&
    Decimal.compare(Decimal.subtract(draft.endTime, draft.startTime), String(days * dayMs)) > 0
      ? [
          create({
            type: 'range',
            path: ['endTime'],
            expected: `at most ${days} days after startTime (${draft.startTime})`,
            received: describe(draft.endTime),
          }),
        ]
      : []
}
