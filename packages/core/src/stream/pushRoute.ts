/**
 * The subscription a push belongs to, for a stream that keeps its subscriptions by
 * `subscriptionKey`: the one written exactly as the push's arg, else the one its arg names in
 * any case ({@link namedBy}, the rule acknowledgements are matched by).
 */
import { namedBy, subscriptionKey } from './types.js'

type Arg = Readonly<Record<string, unknown>>

/** The most push args written otherwise than sent whose subscription is remembered. */
export const maxOtherwise = 256

/**
 * Routes pushes to the subscriptions of `byKey`. A push as sent costs one lookup, as it always
 * did. What an arg written otherwise named is remembered by its key (an upstream that writes one
 * so writes every push so, and `namedBy` looks at every subscription) until `forget()`, which the
 * stream calls whenever a subscription is added or removed; at most {@link maxOtherwise} are kept
 * (a server sending args of no subscription makes it start over, not grow).
 */
export function createPushRoute<S>(byKey: ReadonlyMap<string, S>, argOf: (sub: S) => Arg) {
  const otherwise = new Map<string, S | undefined>()
  return {
    /** The subscription of a push's arg; none when it names none, or two alike. */
    find(arg: Arg): S | undefined {
      const key = subscriptionKey(arg)
      const sub = byKey.get(key)
      if (sub !== undefined || byKey.size === 0) return sub
      if (otherwise.has(key)) return otherwise.get(key)
      if (otherwise.size >= maxOtherwise) otherwise.clear()
      const named = namedBy(arg, byKey.values(), argOf)
      otherwise.set(key, named)
      return named
    },
    /** The subscriptions changed: what args written otherwise named is looked up again. */
    forget(): void {
      otherwise.clear()
    },
  }
}
