/**
 * A number of a request body kept as its exact decimal text. The exchange documentation types some request fields
 * `number` (`requestId` of up to 18 digits, the twap offsets and prices); a JavaScript number
 * cannot hold 18 digits, nor every decimal, so their schemas output a `JsonNumber` and the
 * transport writes its text unquoted into the JSON body: a JSON number, never through a float
 * (docs/architecture.md). Anywhere else it reads as its text: `String(n)` and `JSON.stringify(n)` give the
 * decimal string.
 */

/** The brand, shared by every copy of the package (`Symbol.for`); {@link JsonNumber.is} reads it. */
const brand = Symbol.for('tradeline.JsonNumber')

/**
 * How many JsonNumbers `JSON.stringify` has written in this realm, shared by every copy of the
 * package as the brand is (`Symbol.for`): a serialiser reads it before and after a stringify to
 * learn whether the value held one, instead of walking the value first.
 */
const written = sharedCount()

function sharedCount(): { count: number } {
  const realm = globalThis as Record<symbol, { count: number } | undefined>
  const key = Symbol.for('tradeline.JsonNumber.written')
  realm[key] ??= { count: 0 }
  return realm[key]
}

/** The grammar of a JSON number (RFC 8259): the text goes into a body unquoted. */
const grammar = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/

/**
 * A number written as `text` in a JSON body; frozen. Made by {@link JsonNumber.from},
 * recognised by {@link JsonNumber.is} (also when another copy of the package made it).
 *
 * @example
 * import { JsonNumber } from '@tradeline/rules'
 * const requestId = JsonNumber.from('123456789012345678')
 * requestId.text // '123456789012345678'
 * JSON.stringify({ requestId }) // '{"requestId":"123456789012345678"}' (core writes it unquoted)
 */
export class JsonNumber {
  /** The exact text of the number, e.g. `'123456789012345678'`. */
  readonly text: string

  private constructor(text: string) {
    this.text = text
    Object.defineProperty(this, brand, { value: true, enumerable: false })
    Object.freeze(this)
  }

  /**
   * A JSON number of exactly `text`; throws a `TypeError` when `text` is not a JSON number.
   *
   * @example
   * import { JsonNumber } from '@tradeline/rules'
   * JsonNumber.from('0.005').text // '0.005'
   */
  static from(text: string): JsonNumber {
    if (typeof text !== 'string' || !grammar.test(text))
      throw new TypeError(`Not a JSON number: ${JSON.stringify(text)}`)
    return new JsonNumber(text)
  }

  /**
   * Whether `value` is a {@link JsonNumber}, also one made by another copy of the package.
   *
   * @example
   * import { JsonNumber } from '@tradeline/rules'
   * JsonNumber.is(JsonNumber.from('1')) // true
   * JsonNumber.is('1') // false
   */
  static is(value: unknown): value is JsonNumber {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [brand]?: unknown })[brand] === true
    )
  }

  /**
   * How many JsonNumbers `JSON.stringify` has written so far in this realm (counted by every
   * copy of the package): unchanged across a stringify, the value held none.
   *
   * @example
   * import { JsonNumber } from '@tradeline/rules'
   * const before = JsonNumber.written()
   * JSON.stringify({ requestId: JsonNumber.from('1') })
   * JsonNumber.written() - before // 1
   */
  static written(): number {
    return written.count
  }

  /**
   * The text, so that `JSON.stringify` outside the transport writes a decimal string; counted
   * (see {@link JsonNumber.written}).
   */
  toJSON(): string {
    written.count++
    return this.text
  }

  /** The text. */
  toString(): string {
    return this.text
  }
}
