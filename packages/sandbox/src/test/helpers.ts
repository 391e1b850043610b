/**
 * Test helpers: a fixed clock and a signer written with node:crypto, independent of any
 * client package.
 */
import { createHmac, type KeyObject, sign } from 'node:crypto'

/** A clock the test moves by hand. */
export function fixedClock(start: number): { now(): number; set(ms: number): void } {
  let now = start
  return {
    now: () => now,
    set(ms) {
      now = ms
    },
  }
}

/** Credentials as the sandbox hands them out, or those of an RSA key (`privateKey`). */
export type Credentials = {
  apiKey: string
  secret: string
  passphrase: string
  privateKey?: KeyObject | string | undefined
}

/**
 * Signs a request the way the exchange documents it: base64 HMAC-SHA256 over
 * `timestamp + METHOD + path + ?query + body`, the query with sorted keys and raw values; with a
 * `privateKey`, base64 SHA-256 with RSA (PKCS#1 v1.5) over the same text.
 */
export function signedHeaders(
  credentials: Credentials,
  request: {
    method: 'GET' | 'POST'
    path: string
    query?: Record<string, string> | undefined
    body?: string | undefined
    timestamp: number
  },
): Record<string, string> {
  const entries = Object.entries(request.query ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))
  const raw = entries.map(([k, v]) => `${k}=${v}`).join('&')
  const text = `${request.timestamp}${request.method}${request.path}${raw ? `?${raw}` : ''}${request.body ?? ''}`
  return {
    'ACCESS-KEY': credentials.apiKey,
    'ACCESS-SIGN':
      credentials.privateKey === undefined
        ? createHmac('sha256', credentials.secret).update(text).digest('base64')
        : sign('sha256', Buffer.from(text), credentials.privateKey).toString('base64'),
    'ACCESS-PASSPHRASE': credentials.passphrase,
    'ACCESS-TIMESTAMP': String(request.timestamp),
    'Content-Type': 'application/json',
    locale: 'en-US',
  }
}

/** The query sent on the wire: the same keys in the same (sorted) order, percent-encoded. */
export function encodedQuery(query: Record<string, string>): string {
  return Object.entries(query)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
}
