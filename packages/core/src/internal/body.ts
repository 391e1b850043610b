/**
 * The JSON text of a POST body, with the rules' `JsonNumber`s written unquoted: the exchange documentation types
 * a few request fields `number` (`requestId` of up to 18 digits, twap offsets and prices), and a
 * float cannot hold 18 digits. Node 20 has no `JSON.rawJSON`, so a replacer swaps each one for a
 * placeholder string, and the quoted placeholders are then replaced by the digits.
 */
import { JsonNumber } from '@tradeline/rules/shared'

/**
 * A private-use character and a per-process nonce: `JSON.stringify` writes them as they are,
 * and no request text holds them by chance.
 */
const mark = `\uE000tradeline-json-number-${Math.random().toString(36).slice(2)}:`
const placeholders = new RegExp(`"${mark}(\\d+)"`, 'g')

/**
 * `JSON.stringify(body)`, except that a `JsonNumber` is written as its text, unquoted. A body
 * without one (place-order, the hot path) costs `JSON.stringify` alone: a JsonNumber counts
 * itself as it is written (`JsonNumber.written`, shared by every copy of the rules), so an
 * unchanged count after the stringify shows there was none, and only a body that held one is
 * written again with the replacer. (A walk of the body looking for one first cost about 1 us of
 * a place-order in a client, its checks megamorphic, measured.)
 */
export function stringifyBody(body: unknown): string {
  const before = JsonNumber.written()
  const plain = JSON.stringify(body)
  if (JsonNumber.written() === before) return plain
  const texts: string[] = []
  const json = JSON.stringify(body, function (this: Record<string, unknown>, key, value) {
    // `value` went through toJSON already (a JsonNumber's gives its text); the holder has it.
    const original = this[key]
    if (!JsonNumber.is(original)) return value
    texts.push(original.text)
    return `${mark}${texts.length - 1}`
  })
  return json.replace(placeholders, (_, index: string) => texts[Number(index)] as string)
}
