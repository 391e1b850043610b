/**
 * The error base of every tradeline package. Packages can be installed more than once in one
 * app, so identity is carried by a `Symbol.for` marker and checked with `isInstance`, not by
 * `instanceof` alone.
 */

const marker = Symbol.for('tradeline.error')
const kinds = Symbol.for('tradeline.error.kinds')

/** Parameters shared by every tradeline error. */
export type BaseErrorParameters = {
  /** The error that caused this one. */
  cause?: unknown
  /** Further detail, appended after the short message. */
  details?: string | undefined
  /** Lines printed between the short message and the details. */
  metaMessages?: readonly string[] | undefined
}

/**
 * The base class of every error thrown by tradeline.
 *
 * @example
 * import { BaseError } from '@tradeline/rules'
 * const error = new BaseError('Something went wrong.', { details: 'more' })
 * error.message // 'Something went wrong.\n\nDetails: more'
 */
export class BaseError extends Error {
  /** The kind used by {@link BaseError.isInstance}; every subclass sets its own. */
  static readonly kind: string = 'BaseError'
  override name = 'BaseError'
  /** The message without meta messages and details. */
  readonly shortMessage: string
  /** Further detail given by the thrower. */
  readonly details: string
  /** Extra lines that explain the error. */
  readonly metaMessages: readonly string[]
  declare readonly [marker]: true
  declare readonly [kinds]: readonly string[]

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof Error ? parameters.cause.message : undefined) ??
      ''
    const metaMessages = parameters.metaMessages ?? []
    const message = [
      shortMessage,
      ...(metaMessages.length > 0 ? ['', ...metaMessages] : []),
      ...(details ? ['', `Details: ${details}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = metaMessages
    const chain: string[] = []
    for (let c = new.target as unknown; typeof c === 'function' && 'kind' in c; ) {
      chain.push((c as typeof BaseError).kind)
      c = Object.getPrototypeOf(c)
    }
    Object.defineProperty(this, marker, { value: true, enumerable: false })
    Object.defineProperty(this, kinds, { value: chain, enumerable: false })
  }

  /**
   * Whether `value` is an error of this class (or a subclass), also across duplicated copies
   * of the package.
   *
   * @example
   * import { BaseError, ValidationError } from '@tradeline/rules'
   * ValidationError.isInstance(new BaseError('x')) // false
   */
  static isInstance<T extends abstract new (...args: any) => BaseError>(
    this: T & { kind: string },
    value: unknown,
  ): value is InstanceType<T> {
    if (typeof value !== 'object' || value === null) return false
    const list = (value as Record<symbol, unknown>)[kinds]
    return (
      (value as Record<symbol, unknown>)[marker] === true &&
      Array.isArray(list) &&
      list.includes(this.kind)
    )
  }

  /**
   * Walks the `cause` chain and returns the first error for which `predicate` holds, or the
   * deepest cause when no predicate is given.
   *
   * @example
   * import { BaseError } from '@tradeline/rules'
   * const deepest = new BaseError('outer', { cause: new Error('inner') }).walk()
   * deepest instanceof Error && deepest.message // 'inner'
   */
  walk(predicate?: (error: unknown) => boolean): unknown {
    let current: unknown = this
    // A cause chain can loop (a.cause = b, b.cause = a): stop at the first repeat.
    const seen = new Set<unknown>()
    for (;;) {
      if (predicate?.(current)) return current
      seen.add(current)
      const next = (current as { cause?: unknown } | null)?.cause
      if (next === undefined || next === null || seen.has(next)) return predicate ? null : current
      current = next
    }
  }
}
