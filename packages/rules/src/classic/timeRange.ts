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

const day = 24 * 60 * 60 * 1000

/**
 * A window of at most `days` days: an `endTime` further after `startTime` is a `range` issue on
 * `endTime` (the exchange pages of the ledger reads give their spans: 30 days of bills, a week of
 * fill history, three months of position history).
 */
export function spanAtMost(days: number) {
  return (draft: {
    readonly startTime?: string | undefined
    readonly endTime?: string | undefined
  }): readonly Issue[] =>
    draft.startTime !== undefined &&
    draft.endTime !== undefined &&
    Decimal.compare(draft.endTime, Decimal.add(draft.startTime, String(days * day))) > 0
      ? [
          create({
            type: 'range',
            path: ['endTime'],
            expected: `at most ${days} days after startTime`,
            received: describe(draft.endTime),
          }),
        ]
      : []
}
