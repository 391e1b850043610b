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
