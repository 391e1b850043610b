/**
 * One HTTP attempt, a per-attempt timeout and the caller's abort signal, over one of two
 * senders: `fetch` (every runtime, and any fetch-compatible function such as a ky instance) or
 * undici's `request` (Node, when the optional dependency loads).
 *
 * Why undici in Node: Node's own `fetch` builds WHATWG `Request`, `Headers` and stream objects
 * for every call; on loopback a signed place-order through `fetch` took 2.3-3.9x a raw
 * `undici.request` of the same request, which is most of what a client costs per call.
 *
 * Why not ky on this path: ky builds a `Request` (turning the body into a stream) and clones it
 * for retries on every call. Measured on loopback, one signed POST through ky took 1.6x a plain
 * `fetch` of the same request, and 1.2x even without a body; the transport does its own retries
 * (fresh signature and rate-limit slot per attempt), so it needs none of that.
 */

import { joinTimeout, leaveTimeout, type TimeoutGroup } from './timeoutSignals.js'
import type { Dispatcher, Undici } from './undici.js'

/** The abort reason of an attempt that ran past its timeout. */
export function timeoutReason(ms: number): Error {
  const error = new Error(`The attempt ran past its timeout of ${ms} ms.`)
  error.name = 'TimeoutError'
  return error
}

/** What the transport reads of response headers. */
export type ResponseHeaders = { get(name: string): string | null }

/** What one attempt returns. */
export type Answer = { status: number; headers: ResponseHeaders; text: string }

/** One attempt as the transport describes it. */
export type Attempt = {
  url: string
  /** The URL's origin (`https://api.bitget.com`). */
  origin: string
  /** The URL's path and query (`/api/v3/trade/fills?limit=10`). */
  path: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body: string | undefined
  timeout: number | false
  signal: AbortSignal | undefined
}

/** Sends one attempt and reads the whole body. */
export type Sender = {
  /** Which HTTP client sends: `'fetch'` or `'undici'`. */
  readonly kind: 'fetch' | 'undici'
  send(attempt: Attempt): Promise<Answer>
}

/**
 * A sender over `fetch` or any function with its call signature (a ky instance). Each attempt
 * runs under a signal that aborts after `timeout` ms (reason: a `TimeoutError`-named error),
 * shared with the attempts of the same timeout that start within a few milliseconds of it
 * (./timeoutSignals.ts); with the caller's own signal, the attempt has a controller of its own
 * that aborts on either, on a plain timer cleared when the attempt settles (AbortSignal.timeout
 * keeps a timer per call alive until it fires, and cost 1.1x on the bench). One async function
 * per attempt, the fetch and the read of its text inside it: each async function around them was
 * a promise and a turn more.
 */
export function fetchSender(fetch: typeof globalThis.fetch): Sender {
  return {
    kind: 'fetch',
    async send(attempt) {
      const { signal, timeout } = attempt
      // Without the caller's signal, a shared timeout group's; with it, a controller of its own.
      let group: TimeoutGroup | undefined
      let controller: AbortController | undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      let onAbort: (() => void) | undefined
      if (!signal && timeout !== false) group = joinTimeout(timeout, timeoutReason)
      else {
        if (signal?.aborted) throw signal.reason
        const own = new AbortController()
        controller = own
        if (signal) {
          onAbort = () => own.abort(signal.reason)
          signal.addEventListener('abort', onAbort, { once: true })
        }
        if (timeout !== false) timer = setTimeout(() => own.abort(timeoutReason(timeout)), timeout)
      }
      try {
        let response: Response
        try {
          response = await fetch(attempt.url, {
            method: attempt.method,
            headers: attempt.headers,
            body: attempt.body ?? null,
            signal: (group?.controller ?? (controller as AbortController)).signal,
          })
        } catch (error) {
          // A fetch-compatible client that throws on a 4xx or 5xx (ky's default `HTTPError`)
          // still received the exchange's answer: it is read as any answer, so a refusal keeps
          // its code instead of passing for a lost connection.
          const carried = carriedResponse(error)
          if (carried === undefined) throw error
          response = carried
        }
        const text = await response.text()
        return { status: response.status, headers: response.headers, text }
      } finally {
        if (group !== undefined) leaveTimeout(group)
        if (timer !== undefined) clearTimeout(timer)
        if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

/**
 * The response an error thrown by a fetch-compatible function carries (ky's `HTTPError` keeps
 * it as `response`), when it has a status and an unread body; `undefined` otherwise.
 */
function carriedResponse(error: unknown): Response | undefined {
  try {
    const response = (error as { response?: unknown } | null)?.response as
      | { status?: unknown; text?: unknown; bodyUsed?: unknown; headers?: { get?: unknown } }
      | null
      | undefined
    if (typeof response !== 'object' || response === null) return undefined
    if (typeof response.status !== 'number' || typeof response.text !== 'function') return undefined
    if (typeof response.headers?.get !== 'function' || response.bodyUsed === true) return undefined
    return response as Response
  } catch {
    // A hostile error object (a throwing getter) carries nothing: the error goes on as it is.
    return undefined
  }
}

/** Whether this runtime is Node itself (not Bun or Deno, which also define `process`). */
export function isNode(): boolean {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } })
    .process?.versions
  return (
    typeof versions?.node === 'string' &&
    versions.bun === undefined &&
    versions.deno === undefined &&
    !('Deno' in globalThis)
  )
}

// A specifier bundlers do not follow: browser bundles never see undici, and Node loads it from
// this package's own dependencies at run time.
const undiciSpecifier = ['un', 'dici'].join('')
let undiciModule: Promise<UndiciSending | undefined> | undefined

/** What {@link loadUndici} gives: undici and the sender over it. */
export type UndiciSending = {
  undici: Undici
  undiciSender: (undici: Undici, dispatcher?: Dispatcher) => Sender
}

/**
 * undici and the sender over it, loaded once per process on first use, or `undefined` where
 * undici is not installed (it is an optional dependency) or this is not Node. The sender sits in
 * its own module, imported here: a browser bundle puts it in a chunk that is never fetched.
 */
export function loadUndici(): Promise<UndiciSending | undefined> {
  undiciModule ??= isNode()
    ? Promise.all([
        import(/* @vite-ignore */ undiciSpecifier) as Promise<Undici>,
        import('./undici.js'),
      ]).then(
        ([undici, { undiciSender }]) =>
          typeof undici.Pool === 'function'
            ? {
                undici,
                undiciSender: (u: Undici, dispatcher?: Dispatcher) =>
                  undiciSender(u, dispatcher, timeoutReason),
              }
            : undefined,
        () => undefined,
      )
    : Promise.resolve(undefined)
  return undiciModule
}
