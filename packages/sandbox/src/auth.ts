/**
 * Request authentication exactly as the exchange does it: the four ACCESS-* headers, an
 * HMAC-SHA256 signature recomputed over `timestamp + METHOD + path + ?query + body` (the query
 * as sent, values decoded; or sorted by key, see {@link authenticate}) and compared in constant time (or, for a key registered with an RSA public key, an RSA
 * signature verified over the same text), a timestamp window, the passphrase, per-key
 * permissions and demo keys that need `paptrading: 1`.
 */
import {
  createHmac,
  createPublicKey,
  type KeyObject,
  constants as rsa,
  timingSafeEqual,
  verify,
} from 'node:crypto'
import { type ApiKey, type Permission, permissions, type SandboxState } from './state.js'

/** A failure of authentication: the exchange code and message. */
export type AuthFailure = { readonly ok: false; readonly code: string; readonly msg: string }

/** The outcome of {@link authenticate}. */
export type AuthResult = { readonly ok: true; readonly key: ApiKey } | AuthFailure

/** What an endpoint requires of a key. */
export type Requirement = {
  /** The key must hold one of these. */
  readonly anyOf: readonly Permission[]
  /** And every one of these whitelists. */
  readonly whitelists?: readonly Permission[] | undefined
}

/** The part of a request that authentication reads. */
export type SignedRequest = {
  readonly method: string
  readonly path: string
  /** The raw query string without `?` (percent-encoded as received). */
  readonly rawQuery: string
  /** The body exactly as received. */
  readonly body: string
  /** Header lookup, case-insensitive. */
  header(name: string): string | undefined
}

/** Default accepted clock difference of ACCESS-TIMESTAMP (the exchange docs: clones use 30 s). */
export const defaultTimestampWindowMs = 30_000

const failures = {
  keyEmpty: { code: '40001', msg: 'ACCESS_KEY cannot be empty' },
  signEmpty: { code: '40003', msg: 'ACCESS_SIGN cannot be empty' },
  timestampInvalid: { code: '40005', msg: 'Invalid ACCESS_TIMESTAMP' },
  keyInvalid: { code: '40006', msg: 'Invalid ACCESS_KEY' },
  timestampExpired: { code: '40008', msg: 'Request timestamp expired' },
  signInvalid: { code: '40009', msg: 'sign signature error' },
  passphraseEmpty: { code: '40011', msg: 'ACCESS_PASSPHRASE cannot be empty' },
  passphraseInvalid: { code: '40012', msg: 'apikey/password is incorrect' },
  permission: { code: '40014', msg: 'Incorrect permissions' },
  demo: { code: '40099', msg: 'exchange environment is incorrect' },
} as const

/**
 * The permission an endpoint needs, as the exchange grants it: a read (GET) takes `trade_ro` or
 * `trade_rw`, a write (POST) `trade_rw` (docs/exchange-conventions.md, "Authentication"); reality-fills also needs
 * the `realityFills` whitelist, the countdown switch the `countdown` whitelist; the account info
 * ("No permission required") takes any permission.
 *
 * @example
 * import { requirementOf } from '@tradeline/sandbox'
 * requirementOf('unified.getOrderInfo', 'GET').anyOf // ['trade_ro', 'trade_rw']
 * requirementOf('unified.placeOrder', 'POST').anyOf // ['trade_rw']
 */
export function requirementOf(endpointId: string, method: string = 'POST'): Requirement {
  const read = method.toUpperCase() === 'GET'
  const anyOf: readonly Permission[] = read ? ['trade_ro', 'trade_rw'] : ['trade_rw']
  // "Permission: No permission required": any key of the account reads its own info.
  if (endpointId === 'unified.getAccountInfo') return { anyOf: permissions }
  if (endpointId === 'unified.getRealityFills') return { anyOf, whitelists: ['realityFills'] }
  if (endpointId === 'unified.countdownCancelAll') return { anyOf, whitelists: ['countdown'] }
  if (endpointId === 'securities.getOptionQuote') return { anyOf, whitelists: ['optionQuote'] }
  return { anyOf }
}

/**
 * The text that is signed: `timestamp + METHOD + path + ("?" + query) + body`, the query in the
 * order it was sent, its values decoded (raw).
 *
 * @example
 * import { prehash } from '@tradeline/sandbox'
 * prehash('1', 'GET', '/p', 'b=2&a=%24x', '') // '1GET/p?b=2&a=$x'
 */
export function prehash(
  timestamp: string,
  method: string,
  path: string,
  rawQuery: string,
  body: string,
): string {
  return prehashOf(timestamp, method, path, rawQuery === '' ? '' : decodedQuery(rawQuery), body)
}

function prehashOf(
  timestamp: string,
  method: string,
  path: string,
  query: string,
  body: string,
): string {
  return `${timestamp}${method.toUpperCase()}${path}${query === '' ? '' : `?${query}`}${body}`
}

/** The query in the order sent, values decoded (percent-encoding and `+`). */
export function decodedQuery(rawQuery: string): string {
  return [...new URLSearchParams(rawQuery).entries()]
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
}

/** The query with keys sorted (stable for repeated keys) and values decoded. */
export function sortedRawQuery(rawQuery: string): string {
  const entries = [...new URLSearchParams(rawQuery).entries()]
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return entries.map(([key, value]) => `${key}=${value}`).join('&')
}

/**
 * Authenticates a signed request against the sandbox's keys; returns the key or the exchange
 * failure code.
 *
 * @example
 * import { authenticate, createState } from '@tradeline/sandbox'
 * const state = createState()
 * const headers = new Headers()
 * authenticate(state, { method: 'GET', path: '/', rawQuery: '', body: '', header: (n) => headers.get(n) ?? undefined }, { anyOf: ['trade_rw'] }).ok // false (40001)
 */
export function authenticate(
  state: SandboxState,
  request: SignedRequest,
  requirement: Requirement,
  options: { timestampWindowMs?: number | undefined } = {},
): AuthResult {
  const headers = authenticateHeaders(state, request.header, options)
  if (!headers.ok) return headers
  const { key } = headers
  const timestamp = request.header('ACCESS-TIMESTAMP') ?? ''
  const sign = request.header('ACCESS-SIGN') ?? ''
  if (!signedOver(key, request, timestamp, sign)) return fail(failures.signInvalid)
  if (key.demo && request.header('paptrading') !== '1') return fail(failures.demo)
  const allowed =
    requirement.anyOf.some((p) => key.permissions.includes(p)) &&
    (requirement.whitelists ?? []).every((p) => key.permissions.includes(p))
  if (!allowed) return fail(failures.permission)
  return { ok: true, key }
}

/**
 * Whether `sign` signs the request: over the query as sent (what the exchange documents and its
 * own SDK signs: the parameters in the order written), or over the same query sorted by key (what
 * the SDKs that sort sign; they send it sorted too, so for them both texts are one). Values are
 * decoded in both: a signature over the percent-encoded text fails on `$`, spaces, commas and
 * non-ASCII characters, as it does live.
 */
function signedOver(key: ApiKey, request: SignedRequest, timestamp: string, sign: string): boolean {
  const { method, path, rawQuery, body } = request
  if (rawQuery === '') return verifies(key, prehashOf(timestamp, method, path, '', body), sign)
  const sent = decodedQuery(rawQuery)
  if (verifies(key, prehashOf(timestamp, method, path, sent, body), sign)) return true
  const sorted = sortedRawQuery(rawQuery)
  return sorted !== sent && verifies(key, prehashOf(timestamp, method, path, sorted, body), sign)
}

/**
 * The checks of {@link authenticate} that need only the headers (presence, timestamp, key,
 * window, passphrase), in the same order: the pipeline runs them before it reads a body, so a
 * caller without a key and passphrase never gets one read.
 *
 * @example
 * import { authenticateHeaders, createState } from '@tradeline/sandbox'
 * authenticateHeaders(createState(), () => undefined).ok // false (40001)
 */
export function authenticateHeaders(
  state: SandboxState,
  header: (name: string) => string | undefined,
  options: { timestampWindowMs?: number | undefined } = {},
): AuthResult {
  const apiKey = header('ACCESS-KEY') ?? ''
  const sign = header('ACCESS-SIGN') ?? ''
  const passphrase = header('ACCESS-PASSPHRASE') ?? ''
  const timestamp = header('ACCESS-TIMESTAMP') ?? ''
  if (apiKey === '') return fail(failures.keyEmpty)
  if (sign === '') return fail(failures.signEmpty)
  if (passphrase === '') return fail(failures.passphraseEmpty)
  if (!/^\d{1,16}$/.test(timestamp)) return fail(failures.timestampInvalid)
  const key = state.keys.get(apiKey)
  if (!key) return fail(failures.keyInvalid)
  const windowMs = options.timestampWindowMs ?? defaultTimestampWindowMs
  if (Math.abs(state.clock.now() - Number(timestamp)) > windowMs)
    return fail(failures.timestampExpired)
  if (!equal(passphrase, key.passphrase)) return fail(failures.passphraseInvalid)
  return { ok: true, key }
}

/**
 * Whether `sign` is the key's signature of `text`: HMAC-SHA256 with the secret, or, for a key
 * with a `publicKey`, SHA-256 with RSA, PKCS#1 v1.5 (the exchange docs), both base64.
 */
function verifies(key: ApiKey, text: string, sign: string): boolean {
  if (key.publicKey === undefined)
    return equal(sign, createHmac('sha256', key.secret).update(text, 'utf8').digest('base64'))
  const signature = Buffer.from(sign, 'base64')
  // Buffer.from skips what is not base64, so a signature with a character added would verify.
  if (signature.toString('base64') !== sign) return false
  try {
    return verify(
      'sha256',
      Buffer.from(text, 'utf8'),
      { key: publicKeyOf(key, key.publicKey), padding: rsa.RSA_PKCS1_PADDING },
      signature,
    )
  } catch {
    return false
  }
}

/** The public key of each RSA API key, read once (`addKey` checked that it reads). */
const publicKeys = new WeakMap<ApiKey, KeyObject>()

function publicKeyOf(key: ApiKey, pem: string): KeyObject {
  let publicKey = publicKeys.get(key)
  if (!publicKey) {
    publicKey = createPublicKey(pem)
    publicKeys.set(key, publicKey)
  }
  return publicKey
}

function fail(failure: { code: string; msg: string }): AuthFailure {
  return { ok: false, ...failure }
}

/** Constant-time comparison of two strings (lengths leak, contents do not). */
export function equal(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  if (left.length !== right.length) {
    timingSafeEqual(right, right)
    return false
  }
  return timingSafeEqual(left, right)
}
