/** A non-negative integer of a GET query, shared by the classic and savings endpoints. */
import * as v from 'valibot'
import { textLength } from '../Limits.js'
import { fieldCheck } from './valibot.js'

const digits = /^(?:0|[1-9]\d*)$/

/**
 * A non-negative integer of a GET query (time in Unix milliseconds, page size): a digit
 * string, or a JavaScript integer normalised to one, because query values travel as text.
 */
export const queryInteger = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value)),
  fieldCheck(
    'length',
    `at most ${textLength.integer} characters`,
    (value: string) => value.length <= textLength.integer,
  ),
  fieldCheck(
    'format',
    'a non-negative integer',
    (value: string) => value.length > textLength.integer || digits.test(value),
  ),
)

/** A {@link queryInteger} from `min` to `max`. */
export function queryIntegerIn(min: number, max: number) {
  return v.pipe(
    queryInteger,
    fieldCheck(
      'range',
      `an integer from ${min} to ${max}`,
      // A value that is not an integer has its own format issue.
      (value: string) =>
        value.length > textLength.integer ||
        !digits.test(value) ||
        (Number(value) >= min && Number(value) <= max),
    ),
  )
}
