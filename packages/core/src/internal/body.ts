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

/** Deep enough for any request body of the interface (a batch of twap params is 4 levels). */
const maxDepth = 16

/**
 * `JSON.stringify(body)`, except that a `JsonNumber` is written as its text, unquoted. A body
 * without one (place-order, the hot path) costs one walk of its values on top of
 * `JSON.stringify`, no replacer.
 */
export function stringifyBody(body: unknown): string {
  if (!holdsJsonNumber(body, 0)) return JSON.stringify(body)
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

function holdsJsonNumber(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (JsonNumber.is(value)) return true
  if (depth >= maxDepth) return false
  if (Array.isArray(value)) {
    for (const item of value) if (holdsJsonNumber(item, depth + 1)) return true
    return false
  }
  for (const key in value)
    if (holdsJsonNumber((value as Record<string, unknown>)[key], depth + 1)) return true
  return false
}
