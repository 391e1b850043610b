import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { wholeNumberText } from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import * as Limits from '../Limits.js'

const { min, max, disable } = Limits.countdown
const integer = /^(?:0|[1-9]\d*)$/

/**
 * Whether a countdown value arms, refreshes or disables the switch: `0`, or a whole number of
 * seconds from 5 to 60.
 */
function inWindow(value: string): boolean {
  // A value that is not a whole number (or too long) already has its own issue.
  if (value.length > Limits.textLength.integer || !integer.test(value)) return true
  const seconds = Number(value)
  return seconds === disable || (seconds >= min && seconds <= max)
}

/**
 * POST /api/v3/trade/countdown-cancel-all: arms or refreshes the countdown (dead-man) switch
 * with a window of 5 to 60 seconds, or disables it with `0`. The value is a string.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.validate(Unified.countdownCancelAll, { countdown: '10' }) // true
 * Endpoint.check(Unified.countdownCancelAll, { countdown: '3' }).issues?.[0]?.type // 'range'
 */
export const countdownCancelAll = /* @__PURE__ */ Endpoint.define({
  id: 'unified.countdownCancelAll',
  method: 'POST',
  path: '/api/v3/trade/countdown-cancel-all',
  auth: true,
  schema: () =>
    v.strictObject({
      countdown: v.pipe(
        expects(wholeNumberText, 'a whole number of seconds as a string'),
        fieldCheck('range', `"${disable}" or an integer from ${min} to ${max}`, inWindow),
      ),
    }),
})

export declare namespace countdownCancelAll {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof countdownCancelAll>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof countdownCancelAll>
}
