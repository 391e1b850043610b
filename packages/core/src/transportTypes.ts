/**
 * What a transport is, apart from how `createTransport` makes one: the endpoint it reads, the
 * credentials, what hooks see, and the transport's own interface.
 */
import type { Endpoint } from '@tradeline/rules/shared'
import type { SyncedClock } from './Clock.js'
import type { Query } from './sign.js'

/** What the transport reads of an endpoint. */
export type EndpointRef = Pick<Endpoint.Endpoint, 'id' | 'method' | 'path' | 'auth'>

/**
 * The account's API key: give `secret` for a key created with an HMAC secret (the usual kind), or
 * `privateKey` for a key created with an RSA public key; neither when a `signer` is given.
 */
export type Credentials = {
  /** `ACCESS-KEY`. */
  apiKey: string
  /** The API secret: requests are signed with HMAC-SHA256. @default undefined */
  secret?: string | undefined
  /**
   * The RSA private key as PEM, PKCS#8 (`-----BEGIN PRIVATE KEY-----`) or PKCS#1
   * (`-----BEGIN RSA PRIVATE KEY-----`): requests are signed with SHA-256 with RSA, PKCS#1 v1.5
   * (see {@link createRsaSigner}). @default undefined
   */
  privateKey?: string | undefined
  /** `ACCESS-PASSPHRASE`. */
  passphrase: string
}

/** What a `request` hook sees: the request with `ACCESS-SIGN` and `ACCESS-PASSPHRASE` redacted. */
export type RequestView = {
  readonly endpoint: string
  readonly method: 'GET' | 'POST'
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | undefined
  /** 1 for the first attempt. */
  readonly attempt: number
}

/**
 * Observers of the transport; each is awaited. A hook never changes the outcome of a call: one
 * that throws (or rejects) is ignored, the call going on as if it had returned, and what it threw
 * reaches the `error` hook as a `HookError` (a throw of the `error` hook itself is dropped). What
 * they get of a response (its body, an error's message) has the credentials redacted, also where
 * the server echoed them back.
 */
export type Hooks = {
  /** Before each attempt is sent. */
  request?: ((view: RequestView) => void | Promise<void>) | undefined
  /** When a response arrives, before its envelope is read. */
  response?:
    | ((event: { request: RequestView; status: number; body: string }) => void | Promise<void>)
    | undefined
  /** Before a read is sent again. */
  retry?:
    | ((event: {
        endpoint: string
        attempt: number
        delayMs: number
        error: unknown
      }) => void | Promise<void>)
    | undefined
  /**
   * When a call fails for good (after retries), and when another hook threw: `error` is then a
   * `HookError` naming the hook, and the call goes on.
   */
  error?:
    | ((event: {
        endpoint: string
        method: 'GET' | 'POST'
        path: string
        error: unknown
      }) => void | Promise<void>)
    | undefined
}

/** The transport clients call. */
export type Transport = {
  /** The base URL requests go to. */
  readonly baseUrl: string
  /**
   * Which HTTP client sends this transport's requests: `'undici'` (Node, by default) or
   * `'fetch'`. Resolved on first use (undici is loaded then).
   */
  httpClient(): Promise<'undici' | 'fetch'>
  /** Local time corrected by the server offset. */
  readonly clock: SyncedClock
  /** Sends one call and returns the envelope's `data` (unvalidated; every JSON number in it read as a decimal string, see `losslessNumbers`). */
  request(parameters: Transport.RequestParameters): Promise<unknown>
  /**
   * Replaces the credentials and the recent signatures in a text, in every spelling an upstream
   * may echo them (see `request` hooks); a client runs what it copies from a response (a schema
   * message quoting the data) through it. A transport without credentials returns the text.
   */
  redact?: ((text: string) => string) | undefined
  /** Reads the server time (`GET /api/v2/public/time`), in Unix milliseconds. */
  serverTime(parameters?: { signal?: AbortSignal | undefined }): Promise<number>
}

export declare namespace Transport {
  type RequestParameters = {
    /** The endpoint: `id`, `method`, `path` and `auth` are read. */
    endpoint: EndpointRef
    /** Query of a GET. @default undefined */
    query?: Query | undefined
    /**
     * Body of a POST, serialised once per attempt; the signed text is the sent text. A
     * `JsonNumber` of the rules is written as its exact text, unquoted. @default {}
     */
    body?: unknown
    /** Aborts this call. @default undefined */
    signal?: AbortSignal | undefined
    /** Per-attempt timeout in milliseconds, or `false`. @default the transport's `timeout` */
    timeout?: number | false | undefined
    /** Sends the transport's `channelApiCode` as `X-CHANNEL-API-CODE` on this call. @default false */
    channelApiCode?: boolean | undefined
    /** The symbol the call acts on when the request does not carry it; told to the rate limiter only. @default undefined */
    symbol?: string | undefined
    /**
     * Called as each attempt is sent: after the rate limiter's wait and the `request` hook, as
     * the request leaves (a time counted from the send starts here). What it throws is ignored.
     * @default undefined
     */
    onSend?: (() => void) | undefined
  }
}
