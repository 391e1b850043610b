/**
 * What every product line's stream shares before it opens: the connection's own options as the
 * caller gave them, the login of a private stream (checked credentials, the signature of the
 * exchange's login on the server's clock), and the error that names a bad option.
 */
import { Issue, type Issues, ValidationError } from '@tradeline/rules/shared'
import type { SyncedClock } from '../Clock.js'
import { loginRedaction, SecretCredentials } from '../internal/secrets.js'
import { createHmacSigner, type Signer } from '../sign.js'
import type { createStreamConnection } from './createStreamConnection.js'
import type { StreamState } from './types.js'

/** The connection's own options, documented on `createStreamConnection`. */
export type StreamConnectionOptions = Pick<
  createStreamConnection.Parameters,
  | 'WebSocket'
  | 'timers'
  | 'random'
  | 'pingIntervalMs'
  | 'pongTimeoutMs'
  | 'answerTimeoutMs'
  | 'backoff'
  | 'maxAgeMs'
  | 'maxMessageBytes'
>

/**
 * The options every line's stream takes: the connection's own, and where it connects and how it
 * paces itself.
 */
export type LineStreamOptions = StreamConnectionOptions & {
  /** The endpoint. @default derived from the client's base URL: the exchange's stream host (`wss://ws.bitget.com/…`), `wss://wspap.bitget.com/…` with `demoTrading`, the same host otherwise */
  url?: string | undefined
  /** Demo trading: the demo endpoint. @default false */
  demoTrading?: boolean | undefined
  /**
   * The exchange's connection, message and subscription limits, or `false` for none;
   * `{ marginMs }` adds that many milliseconds to each window where the path to the exchange
   * delays messages more than usual. @default the rules' stream rows with a 100 ms margin
   * (`createStreamGate` of `@tradeline/rate-limit`)
   */
  limits?: false | { marginMs?: number | undefined } | undefined
}

/** The options of a line's private stream: {@link LineStreamOptions} and how the login is signed. */
export type PrivateLineStreamOptions = LineStreamOptions & {
  /** The API key's credentials (an HMAC secret), or `apiKey`, `passphrase` and a `signer`. */
  credentials?: StreamCredentials | undefined
  /** Signs the login instead of the secret (e.g. a custom HMAC signer). @default from `credentials.secret` */
  signer?: Signer | undefined
}

/** What every line's stream does besides its readers. */
export type StreamControls = {
  /** Resolves once connected, logged in, every subscription sent acknowledged (not those held at the subscription gate: see `StreamSubscriptionsWaitingError`) and, on a private stream, the open orders read. */
  ready(): Promise<void>
  /** What the connection is doing. */
  readonly state: StreamState
  /** Drops the connection now as a network failure would (it reconnects and catches up). */
  reconnect(): void
  /** Closes the connection; every iterator ends and nothing is emitted after it resolved. */
  close(): Promise<void>
}

/**
 * The connection's own options of a line stream's parameters (the others left out).
 *
 * @example
 * import { connectionOptions } from '@tradeline/core'
 * connectionOptions({ pingIntervalMs: 20000 }) // { pingIntervalMs: 20000, WebSocket: undefined, ... }
 */
export function connectionOptions(parameters: StreamConnectionOptions): StreamConnectionOptions {
  return {
    WebSocket: parameters.WebSocket,
    timers: parameters.timers,
    random: parameters.random,
    pingIntervalMs: parameters.pingIntervalMs,
    pongTimeoutMs: parameters.pongTimeoutMs,
    answerTimeoutMs: parameters.answerTimeoutMs,
    backoff: parameters.backoff,
    maxAgeMs: parameters.maxAgeMs,
    maxMessageBytes: parameters.maxMessageBytes,
  }
}

/**
 * A `ValidationError` of a stream's option, naming the field and the rule; nothing was opened.
 *
 * @example
 * import { streamOptionError } from '@tradeline/core/internal'
 * streamOptionError('unified.marketStream', 'category', 'one of spot, usdt-futures', 'x').message
 */
export function streamOptionError(
  endpoint: string,
  field: string,
  expected: string,
  value: unknown,
  /** The issue's type. @default `missing` for no value, else `value` */
  type?: string | undefined,
  /** `false` for a credential: the issue names the value's type, never the value. @default true */
  quote = true,
): ValidationError {
  const received = quote || value === undefined ? Issue.describe(value) : typeof value
  const issue = Issue.create({
    type: (type ?? (value === undefined ? 'missing' : 'value')) as 'value',
    path: field.split('.'),
    expected,
    received,
    message: `${field}: expected ${expected}, received ${received}`,
  })
  return new ValidationError({ endpoint, issues: [issue] as unknown as Issues })
}

/** The credentials of a private stream: an HMAC secret, or `apiKey` and `passphrase` with a `signer`. */
export type StreamCredentials = {
  apiKey: string
  secret?: string | undefined
  passphrase: string
  privateKey?: string | undefined
}

/**
 * The login of a private stream: checks the credentials (an RSA key cannot log in: the login is
 * signed with HMAC-SHA256) and returns the `login` option of `createStreamConnection`, which
 * stamps each login with the server's time (the clock synchronised before the first login and
 * after a `30014`) and signs `timestamp + "GET" + "/user/verify"`.
 *
 * @example
 * import { streamLogin } from '@tradeline/core'
 * const login = streamLogin('unified.stream', client.transport.clock, { credentials })
 */
export function streamLogin(
  endpoint: string,
  clock: SyncedClock,
  parameters: { credentials?: StreamCredentials | undefined; signer?: Signer | undefined },
): NonNullable<createStreamConnection.Parameters['login']> {
  const credentials = parameters.credentials
  if (credentials === undefined || typeof credentials.apiKey !== 'string')
    throw streamOptionError(
      endpoint,
      'credentials',
      'an API key, secret and passphrase',
      credentials,
      undefined,
      false,
    )
  if (parameters.signer === undefined && typeof credentials.secret !== 'string')
    throw streamOptionError(
      endpoint,
      'credentials.secret',
      'an HMAC secret (the stream login is signed with HMAC-SHA256; an RSA key cannot log in)',
      credentials.secret,
      undefined,
      false,
    )
  // Checked here, once: a passphrase that is no string would fail every login of every
  // reconnect with a TypeError instead of naming the field now.
  if (typeof credentials.passphrase !== 'string')
    throw streamOptionError(
      endpoint,
      'credentials.passphrase',
      "the API key's passphrase (a string)",
      credentials.passphrase,
      undefined,
      false,
    )
  const signer = parameters.signer ?? createHmacSigner(credentials.secret as string)
  const { apiKey, passphrase } = credentials
  const held = new SecretCredentials(apiKey, passphrase, {
    secret: typeof credentials.secret === 'string' ? credentials.secret : undefined,
  })
  let lastSign: string | undefined
  const login = async (expired: boolean) => {
    // The server's time stamps the login and dates the start of each subscription.
    if (expired || !clock.synced) await clock.sync()
    const timestamp = String(Math.floor(clock.now() / 1000))
    const sign = await signer.sign(`${timestamp}GET/user/verify`)
    lastSign = sign
    // An error after a later login may still quote this one: the last few are redacted.
    held.noteSignature(sign)
    return { apiKey, passphrase, timestamp, sign }
  }
  // The connection runs the exchange's login and subscribe messages through this.
  Object.defineProperty(login, loginRedaction, {
    value: (text: string) => held.redactor(lastSign)(text),
  })
  return login
}
