/**
 * The private WebSocket's login (docs/records.md): sign = Base64(HMAC-SHA256(secret,
 * timestamp + "GET" + "/user/verify")), `timestamp` as sent, in Unix seconds (the live SDKs) or
 * milliseconds (13 digits, the classic doc), within 30 s of the sandbox clock.
 */
import { createHmac } from 'node:crypto'
import { equal } from '../auth.js'
import type { SandboxState } from '../state.js'

/**
 * The exchange's WebSocket error codes the sandbox answers, with their messages (Bitget's
 * documented WebSocket error codes).
 */
export const wsErrors = {
  channelNotExist: { code: 30001, msg: 'channel does not exist' },
  illegalRequest: { code: 30002, msg: 'illegal request' },
  invalidOp: { code: 30003, msg: 'invalid op' },
  needLogin: { code: 30004, msg: 'User needs to log in' },
  loginFailed: { code: 30005, msg: 'login failed' },
  tooMany: { code: 30006, msg: 'request too many' },
  overLimit: { code: 30007, msg: 'request over limit' },
  accessKey: { code: 30011, msg: 'invalid ACCESS_KEY' },
  passphrase: { code: 30012, msg: 'invalid ACCESS_PASSPHRASE' },
  timestamp: { code: 30013, msg: 'invalid ACCESS_TIMESTAMP' },
  expired: { code: 30014, msg: 'request timestamp expired' },
  signature: { code: 30015, msg: 'invalid signature' },
  param: { code: 30016, msg: 'param error' },
} as const

/** One of {@link wsErrors}. */
export type WsError = (typeof wsErrors)[keyof typeof wsErrors]

/** How far the login timestamp may be from the sandbox clock. */
export const loginWindowMs = 30_000

/** The outcome of a login: the account's uid, or the error to answer. */
export type LoginResult =
  | { readonly ok: true; readonly uid: string }
  | { readonly ok: false; readonly error: WsError }

/**
 * Checks the `args` of a login message against the sandbox's keys. Never echoes the secret,
 * the passphrase or the signature.
 */
export function login(state: SandboxState, args: unknown): LoginResult {
  const arg: unknown = Array.isArray(args) ? args[0] : undefined
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return fail(wsErrors.param)
  const { apiKey, passphrase, timestamp, sign } = arg as Record<string, unknown>
  const key = typeof apiKey === 'string' ? state.keys.get(apiKey) : undefined
  if (!key) return fail(wsErrors.accessKey)
  if (key.publicKey !== undefined) return fail(wsErrors.loginFailed)
  if (typeof passphrase !== 'string' || !equal(passphrase, key.passphrase))
    return fail(wsErrors.passphrase)
  const text =
    typeof timestamp === 'string' || typeof timestamp === 'number' ? String(timestamp) : ''
  if (!/^\d{1,16}$/.test(text)) return fail(wsErrors.timestamp)
  const ms = text.length >= 13 ? Number(text) : Number(text) * 1000
  if (Math.abs(ms - state.clock.now()) > loginWindowMs) return fail(wsErrors.expired)
  const expected = createHmac('sha256', key.secret)
    .update(`${text}GET/user/verify`, 'utf8')
    .digest('base64')
  if (typeof sign !== 'string' || !equal(sign, expected)) return fail(wsErrors.signature)
  return { ok: true, uid: key.uid }
}

function fail(error: WsError): LoginResult {
  return { ok: false, error }
}
