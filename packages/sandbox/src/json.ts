/**
 * Request bodies read with their numbers exact. `JSON.parse` rounds an integer of more than 15
 * digits to a double (an 18-digit `requestId` sent as a JSON number, as tradeline sends it), so
 * such integers are read as the rules' `JsonNumber`: the schemas of the fields the exchange documentation types
 * `number` accept it, every other schema refuses it as it refuses a number. Once checked,
 * requests hold decimal strings, as everything else in the sandbox does.
 */
import { JsonNumber } from '@tradeline/rules'
import { doubleHoldsExactly } from './jsonNumbers.js'

/**
 * A run of 16 digits (a dot among them): only a number of 16 significant digits or more may be
 * one a double does not hold exactly.
 */
const longDigits = /[\d.]{16}/

/** Marks a quoted integer; the nonce keeps a caller's own strings from passing for one. */
const mark = `\uE000json-number-${Math.random().toString(36).slice(2)}:`

/**
 * `JSON.parse(text)`, except that a number a double cannot hold exactly (an integer past
 * 2^53, a decimal of more digits than a double keeps) becomes a `JsonNumber` of its text. Throws a `SyntaxError` as `JSON.parse` does.
 */
export function parseJson(text: string): unknown {
  if (!longDigits.test(text)) return JSON.parse(text)
  const quoted = quoteLongIntegers(text)
  if (quoted === text) return JSON.parse(text)
  return JSON.parse(quoted, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(mark)
      ? JsonNumber.from(value.slice(mark.length))
      : value,
  )
}

/**
 * Sets `target[key]` as an own data property: `__proto__` from a request stays a field (an
 * unknown one the rules name) instead of setting the object's prototype.
 */
export function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/**
 * A copy of `value` with every `JsonNumber` replaced by its text (the same value when it holds
 * none): the request as the routes read it, decimal strings only.
 */
export function withDecimalStrings<value>(value: value): value {
  return replace(value) as value
}

function replace(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (JsonNumber.is(value)) return value.text
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item, index) => {
      const next = replace(item)
      if (next === item) return
      copy ??= [...value]
      copy[index] = next
    })
    return copy ?? value
  }
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const next = replace(item)
    if (next === item) continue
    copy ??= { ...value }
    setField(copy, key, next)
  }
  return copy ?? value
}

/**
 * Quotes, with {@link mark}, every number token outside strings that is an integer beyond the
 * safe ones or a decimal a double does not hold exactly (`60000.00000000000000001`). A token
 * longer than `jsonBounds.numberLength` is a `SyntaxError`.
 */
function quoteLongIntegers(text: string): string {
  let out = ''
  let last = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++)
        if (text.charCodeAt(i) === 92 /* \ */) i++
      continue
    }
    if (c !== 45 /* - */ && (c < 48 || c > 57)) continue
    let j = i + 1
    while (j < text.length && numberChar(text.charCodeAt(j))) j++
    // `checkStructure` refuses such a number first; a caller that skipped it gets no slow read.
    if (j - i > jsonBounds.numberLength) throw new SyntaxError('a number token too long')
    const token = text.slice(i, j)
    const unsafeInteger = /^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))
    if (unsafeInteger || !doubleHoldsExactly(token)) {
      out += `${text.slice(last, i)}"${mark}${token}"`
      last = j
    }
    i = j - 1
  }
  return last === 0 ? text : out + text.slice(last)
}

/**
 * Bounds of a request body's structure, checked by {@link checkStructure} before it is parsed:
 * no request of the exchange nests deeper than 4 levels or lists more than 50 items (a classic
 * batch), so these bounds leave room and still refuse a 10,000-level or 200,000-item body at once.
 * A number token is at most 64 characters: the rules' longest decimal is 40, and reading a
 * number of 100,000 digits exactly costs more than any request should.
 *
 * @example
 * import { jsonBounds } from '@tradeline/sandbox'
 * jsonBounds.depth // 32
 */
export const jsonBounds = { depth: 32, items: 1000, keys: 1000, numberLength: 64 } as const

/**
 * Whether the containers of the JSON `text` nest at most `depth` levels (strings skipped): one
 * pass, so a WebSocket message nested 100,000 levels is refused before `JSON.parse` or an echo
 * of it recurses that deep (`nestingWithin('[[1]]', 1)` is false). Text that is not JSON is left
 * to the parser.
 */
export function nestingWithin(text: string, depth: number): boolean {
  let open = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++)
        if (text.charCodeAt(i) === 92 /* \ */) i++
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++open > depth) return false
    } else if (c === 125 /* } */ || c === 93 /* ] */) open--
  }
  return true
}

/**
 * Why the JSON `text` is refused before it is parsed, or `undefined`: a nesting deeper than
 * `jsonBounds.depth`, a list of more than `jsonBounds.items` items, an object of more than
 * `jsonBounds.keys` keys, a number token longer than `jsonBounds.numberLength` characters
 * (named by the key it is the value of), or a key sent twice in one object (the signature covers both copies
 * and `JSON.parse` would silently keep the last). One pass over the text; the scan stops at the
 * first bound passed. Text that is not JSON is left to the parser.
 *
 * @example
 * import { checkStructure } from '@tradeline/sandbox'
 * checkStructure('{"a":1,"a":2}') // 'a: expected a key sent once, received it twice'
 */
export function checkStructure(text: string): string | undefined {
  /** Open containers: item counts of lists, key sets of objects. */
  const open: ({ list: true; items: number } | { list: false; keys: Set<string> })[] = []
  let expectKey = false
  /** The last key read: a number too long is named by it. */
  let lastKey = 'body'
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      const start = i + 1
      let escaped = false
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++)
        if (text.charCodeAt(i) === 92 /* \ */) {
          escaped = true
          i++
        }
      const top = open.at(-1)
      if (expectKey && top && !top.list) {
        expectKey = false
        const rawKey = text.slice(start, i)
        let key = rawKey
        if (escaped)
          try {
            key = JSON.parse(`"${rawKey}"`) as string
          } catch {
            return undefined
          }
        if (top.keys.has(key))
          return `${key.slice(0, 64)}: expected a key sent once, received it twice`
        top.keys.add(key)
        lastKey = key
        if (top.keys.size > jsonBounds.keys)
          return `body: expected an object of at most ${jsonBounds.keys} keys`
      } else if (top?.list && top.items === 0) top.items = 1
      continue
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      const top = open.at(-1)
      if (top?.list && top.items === 0) top.items = 1
      open.push(c === 91 ? { list: true, items: 0 } : { list: false, keys: new Set() })
      if (open.length > jsonBounds.depth)
        return `body: expected at most ${jsonBounds.depth} levels of nesting`
      expectKey = c === 123
      continue
    }
    if (c === 125 /* } */ || c === 93 /* ] */) {
      open.pop()
      expectKey = false
      continue
    }
    if (c === 44 /* , */) {
      const top = open.at(-1)
      if (top?.list) {
        top.items += 1
        if (top.items > jsonBounds.items)
          return `body: expected a list of at most ${jsonBounds.items} items`
      } else expectKey = true
      continue
    }
    if (c > 32) {
      const top = open.at(-1)
      if (top?.list && top.items === 0) top.items = 1
    }
    if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < text.length && numberChar(text.charCodeAt(j))) j++
      if (j - i > jsonBounds.numberLength)
        return `${open.at(-1)?.list === false ? lastKey.slice(0, 64) : 'body'}: expected a number of at most ${jsonBounds.numberLength} characters`
      i = j - 1
    }
  }
  return undefined
}

/** Whether the character code `c` continues a JSON number token (`0-9 . e E + -`). */
function numberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45
}
