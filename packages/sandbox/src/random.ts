/**
 * Deterministic ids: a seeded PRNG (mulberry32) for keys and secrets and a counter for order
 * ids, so two sandboxes started with the same `seed` hand out the same credentials and ids.
 */
import { randomInt } from 'node:crypto'

/** The seed of a sandbox: a number, or a string that is hashed to one. */
export type Seed = number | string

/** Hands out deterministic values from one seed. */
export type Ids = {
  /** The seed in use (a random one when none was given). */
  readonly seed: number
  /** `length` lowercase hex characters. */
  hex(length: number): string
  /** `length` characters of `[A-Za-z0-9]`. */
  alnum(length: number): string
  /** The next order id: a numeric string from a counter. */
  orderId(): string
  /** The next uid: a numeric string from a counter. */
  uid(): string
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Creates the id generator of a sandbox.
 *
 * @example
 * // internal: reached through the `seed` option of createSandboxApp from '@tradeline/sandbox'
 * import { createIds } from './random.js'
 * createIds(1).hex(4) === createIds(1).hex(4) // true
 */
export function createIds(seed?: Seed | undefined): Ids {
  const value = seed === undefined ? randomInt(0, 2 ** 31) : toNumber(seed)
  const next = mulberry32(value)
  let orders = 0
  let uids = 0
  const pick = (chars: string, length: number): string => {
    let out = ''
    for (let i = 0; i < length; i++) out += chars[Math.floor(next() * chars.length)] ?? '0'
    return out
  }
  return {
    seed: value,
    hex: (length) => pick('0123456789abcdef', length),
    alnum: (length) => pick(alphabet, length),
    // A fixed prefix keeps ids at the exchange's 19-digit width; the counter keeps them ordered.
    orderId: () => String(1_300_000_000_000_000_000n + BigInt(++orders)),
    uid: () => String(8_800_000_000 + ++uids),
  }
}

function toNumber(seed: Seed): number {
  if (typeof seed === 'number') return seed >>> 0
  let hash = 2166136261
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  return hash >>> 0
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A seeded generator of numbers in [0, 1) for one purpose (`salt`, e.g. a symbol's book), so that
 * two sandboxes of the same seed evolve the same way.
 *
 * @example
 * // internal: the synthetic order books of the public market channels use it
 * import { seededRandom } from './random.js'
 * seededRandom(1, 'BTCUSDT')() === seededRandom(1, 'BTCUSDT')() // true
 */
export function seededRandom(seed: Seed, salt: string): () => number {
  return mulberry32(toNumber(`${toNumber(seed)}:${salt}`))
}
