/**
 * The undici sender: Node only, loaded by `loadUndici` of ./send.ts on first use, so browser
 * bundles never fetch it.
 */
import { afterDeadline } from './deadlines.js'
// Types only from ./send.ts: a value imported from it would make rolldown split it into a chunk
// of its own, one more file (and gzip stream) that every browser page loads at start.
import type { ResponseHeaders, Sender } from './send.js'

/** The options of one request through a dispatcher (`undici` 7 `Dispatcher.request`). */
type RequestOptions = {
  origin: string
  path: string
  method: string
  headers: Record<string, string>
  body: string | null
  /** An `AbortSignal` or an EventEmitter-shaped object, as undici documents. */
  signal: unknown
}

/** What the sender reads of a response. */
type ResponseData = {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  body: { text(): Promise<string> }
}

/** An undici dispatcher: an `Agent`, `Pool`, `Client` or `ProxyAgent`. */
export type Dispatcher = { request(options: RequestOptions): Promise<ResponseData> }

/** The part of undici's API the sender uses (`undici` 7). */
export type Undici = { Pool: new (origin: string) => Dispatcher }

/** Header lookup over undici's lower-cased header record. */
function recordHeaders(record: Record<string, string | string[] | undefined>): ResponseHeaders {
  return {
    get(name) {
      const value = record[name.toLowerCase()]
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
    },
  }
}

/**
 * The signal of one undici attempt: an EventEmitter-shaped object (undici documents `signal` as
 * an `AbortSignal` or an `EventEmitter`) that aborts on a plain timer or on the caller's signal.
 * An AbortController and an EventTarget listener per attempt were the largest cost of the fetch
 * sender's deadline; undici's own `headersTimeout` runs on timers of about one second resolution,
 * too coarse for a 50 ms timeout. The timeout is a deadline on the process's one deadline timer
 * (./deadlines.ts).
 */
class Deadline {
  aborted = false
  reason: unknown = undefined
  #listeners: (() => void)[] = []

  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    for (const listener of this.#listeners.splice(0)) listener()
  }

  once(_event: 'abort', listener: () => void): this {
    this.#listeners.push(listener)
    return this
  }

  on(event: 'abort', listener: () => void): this {
    return this.once(event, listener)
  }

  removeListener(_event: 'abort', listener: () => void): this {
    const at = this.#listeners.indexOf(listener)
    if (at !== -1) this.#listeners.splice(at, 1)
    return this
  }
}

/**
 * The keep-alive pools of the default sender, one per origin and process, shared by every
 * transport. Not undici's global dispatcher: in Node 20 and 22 that is often the older undici
 * bundled with Node (installed as the global dispatcher the first time anything reads
 * `globalThis.fetch`), and a pool of this package's undici served a signed place-order on
 * loopback in 0.70-0.75x its time at 16 in flight (packages/bench). Idle sockets do not hold the
 * process open.
 */
const pools = new Map<string, Dispatcher>()

function poolOf(undici: Undici, origin: string): Dispatcher {
  let pool = pools.get(origin)
  if (pool === undefined) {
    pool = new undici.Pool(origin)
    pools.set(origin, pool)
  }
  return pool
}

/**
 * A sender over undici: through `dispatcher` when given (an `Agent`, `Pool` or `ProxyAgent`, or
 * undici's `getGlobalDispatcher()`), else a keep-alive `Pool` of the request's origin.
 */
export function undiciSender(
  undici: Undici,
  dispatcher: Dispatcher | undefined,
  timeoutReason: (ms: number) => Error,
): Sender {
  return {
    kind: 'undici',
    async send(attempt) {
      const { signal, timeout } = attempt
      if (signal?.aborted) throw signal.reason
      const deadline = new Deadline()
      const onAbort = () => deadline.abort(signal?.reason)
      signal?.addEventListener('abort', onAbort, { once: true })
      const cancel =
        timeout === false
          ? undefined
          : afterDeadline(timeout, () => deadline.abort(timeoutReason(timeout)))
      try {
        const response = await (dispatcher ?? poolOf(undici, attempt.origin)).request({
          origin: attempt.origin,
          path: attempt.path,
          method: attempt.method,
          headers: attempt.headers,
          body: attempt.body ?? null,
          signal: deadline,
        })
        // The body is always read: an unread body holds the pooled connection.
        const text = await response.body.text()
        return { status: response.statusCode, headers: recordHeaders(response.headers), text }
      } finally {
        cancel?.()
        signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}
