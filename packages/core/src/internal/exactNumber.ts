/**
 * The text of a JSON number a pushed record carried. The exchange sends decimals and ids as text;
 * a WebSocket push is parsed with plain `JSON.parse` (quoting every number first, as REST answers
 * are read, doubled the cost of a push), so a number there is a double. A double keeps 15
 * significant decimal digits: a double whose shortest text has more (`27000.123456789013`), or an
 * integer past 2^53 − 1, shows that the number sent had more digits than it keeps, and is refused
 * instead of being read as a rounded value. One with 15 or fewer is read as that text, in plain
 * notation (`1e-7` as `0.0000001`). Digits a double dropped without a trace cannot be told from
 * the double (`27000.1234567890001` parses to the double of `27000.123456789`).
 */
import { Decimal } from '@tradeline/rules/shared'

/** The most significant digits a double holds exactly. */
const exactDigits = 15

/** The plain decimal text of `value` when it is exact (see the module); `undefined` otherwise. */
export function exactDecimalText(value: number): string | undefined {
  const text = Decimal.normalize(value, { signed: true })
  if (text === undefined) return undefined
  let digits = 0
  let leading = true
  let zeros = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 48 || c > 57) continue
    if (c === 48) {
      if (!leading) zeros++
      continue
    }
    leading = false
    digits += zeros + 1
    zeros = 0
  }
  return digits <= exactDigits ? text : undefined
}

/** The text of an id sent as a number: a safe integer's; `undefined` past 2^53 − 1. */
export function exactIdText(value: number): string | undefined {
  return Number.isSafeInteger(value) ? String(value) : undefined
}

/** What an error says of a number that is not read. */
export const inexactNumber = 'a JSON number with more digits than a double keeps (15)'
