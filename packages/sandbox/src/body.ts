/**
 * Request bodies read within bounds: a body larger than {@link bodyLimitBytes} is refused with
 * HTTP 413 before it is read (by its `Content-Length`) or as soon as the count passes the limit
 * (a chunked body), so no caller can make the sandbox hold more than the limit; bytes that are
 * not UTF-8 are refused rather than replaced.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { Failure } from './envelope.js'
import { DroppedConnectionError, type Env } from './exchange.js'
import { headerOf } from './requestHeader.js'

/**
 * The largest request body the sandbox reads, in bytes: 1 MiB. The largest legitimate body is a
 * classic batch of 50 orders, each field at the rules' longest text: well under 100 KB.
 *
 * @example
 * import { bodyLimitBytes } from '@tradeline/sandbox'
 * bodyLimitBytes // 1048576
 */
export const bodyLimitBytes = 1_048_576

/**
 * The answer to a body past {@link bodyLimitBytes}: HTTP 413 with `40017` (a parameter error:
 * nothing was applied, and sending it again fails again); the connection is closed, so the rest
 * of the upload is not waited for.
 *
 * @example
 * import { tooLarge } from '@tradeline/sandbox'
 * tooLarge.status // 413
 */
export const tooLarge: Failure = {
  code: '40017',
  msg: `parameter verification failed: body: expected at most ${bodyLimitBytes} bytes`,
  status: 413,
  headers: { connection: 'close' },
}

/** The answer to a body whose bytes are not UTF-8. */
export const notUtf8: Failure = {
  code: '40017',
  msg: 'parameter verification failed: body: expected UTF-8 text',
}

/**
 * The most request-body bytes the sandbox holds at once, over every request being read in this
 * process: 32 MiB (32 bodies at the limit; a legitimate body is well under 100 KB). Each body is
 * held until it has all arrived, so uploads that stall (600 of them held 696 MB for Node's 300 s
 * request timeout) are bounded by this, not by the number of connections.
 *
 * @example
 * import { bodyBytesInFlightLimit } from '@tradeline/sandbox'
 * bodyBytesInFlightLimit // 33554432
 */
export const bodyBytesInFlightLimit = 32 * 1024 * 1024

/**
 * The answer to a body that would take the bytes in flight past {@link bodyBytesInFlightLimit}:
 * HTTP 429 (the exchange's rate-limit answer, which clients back off on and retry), with
 * `Connection: close`, so the rest of the upload is not waited for.
 */
export const bodiesBusy: Failure = {
  code: '429',
  msg: `Too Many Requests: more than ${bodyBytesInFlightLimit} bytes of request bodies are arriving at once; send it again later`,
  status: 429,
  headers: { connection: 'close' },
}

let inFlight = 0

/** The request-body bytes held now, while their bodies arrive (for the limits' tests). */
export function bodyBytesInFlight(): number {
  return inFlight
}

/** The body as text, or the failure that refuses it. */
export type BodyResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly failure: Failure }

/** Whether the request declares a body past the limit (checked before anything is read). */
export function declaresTooLarge(c: Context<Env>): boolean {
  const length = headerOf(c, 'content-length')
  return length !== undefined && /^\d+$/.test(length.trim()) && Number(length) > bodyLimitBytes
}

/**
 * The next chunk of an upload. A read fails only when the client went away mid-body (it closed
 * or reset its socket: `ECONNRESET`, `aborted`): that is the caller's doing, not a failure of
 * the sandbox, so it is thrown as a {@link DroppedConnectionError} (nobody is left to answer)
 * rather than counted as an internal error (`40015`).
 */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read()
  } catch {
    throw new DroppedConnectionError('The client closed the connection before its body arrived')
  }
}

/**
 * Reads the body of `c`, counting the bytes as they arrive: past {@link bodyLimitBytes} the
 * read stops and the body is refused ({@link tooLarge}), as it does when every body being read
 * together would pass {@link bodyBytesInFlightLimit} ({@link bodiesBusy}); bytes that are not
 * UTF-8 answer {@link notUtf8}.
 */
export async function readBody(c: Context<Env>): Promise<BodyResult> {
  if (declaresTooLarge(c)) return { ok: false, failure: tooLarge }
  // On Node's server, the body is read from the request as Node received it: `c.req.raw.body`
  // builds a web `Request` (its headers, an `AbortController`, a web stream over the socket),
  // which cost more than the rest of a sandbox call (a decision row of the README).
  const incoming = c.env?.incoming
  if (incoming !== undefined && typeof incoming.on === 'function')
    return bytesToText(await readIncoming(incoming, c.req.method))
  const stream = c.req.raw.body
  if (stream === null) return { ok: true, text: '' }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  // What this body adds to the bytes in flight; released when the read ends, however it ends
  // (the copy and decoding below are synchronous).
  let held = 0
  try {
    for (;;) {
      const { done, value } = await readChunk(reader)
      if (done) break
      size += value.byteLength
      const over = overLimit(size, value.byteLength)
      if (over) {
        await reader.cancel().catch(() => {})
        return { ok: false, failure: over }
      }
      inFlight += value.byteLength
      held += value.byteLength
      chunks.push(value)
    }
  } finally {
    inFlight -= held
  }
  return bytesToText({ ok: true, chunks, size })
}

/**
 * The refusal of a chunk of `bytes` that takes its body to `size` bytes: past
 * {@link bodyLimitBytes}, or the bytes in flight past {@link bodyBytesInFlightLimit}.
 */
function overLimit(size: number, bytes: number): Failure | undefined {
  if (size > bodyLimitBytes) return tooLarge
  if (inFlight + bytes > bodyBytesInFlightLimit) return bodiesBusy
  return undefined
}

/** The chunks of a body read within bounds, or the failure that refused it. */
type Chunks =
  | { readonly ok: true; readonly chunks: readonly Uint8Array[]; readonly size: number }
  | { readonly ok: false; readonly failure: Failure }

/**
 * Reads a Node request's body with the bounds of {@link readBody}. A `GET` or `HEAD` has no body
 * (as its web `Request` has none). A body refused part-way is read no further, as when its web
 * stream was no longer read; a request that ends early (the client went away) is a
 * {@link DroppedConnectionError}.
 */
function readIncoming(incoming: IncomingMessage, method: string): Promise<Chunks> {
  if (method === 'GET' || method === 'HEAD')
    return Promise.resolve({ ok: true, chunks: [], size: 0 })
  if (incoming.readableEnded) return Promise.resolve({ ok: true, chunks: [], size: 0 })
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = []
    let size = 0
    let held = 0
    const finish = () => {
      inFlight -= held
      held = 0
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onGone)
      incoming.off('close', onGone)
    }
    const refuse = (failure: Failure) => {
      finish()
      // Read no further: the answer closes the connection, and the server drains what is left.
      incoming.pause()
      resolve({ ok: false, failure })
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      const over = overLimit(size, chunk.byteLength)
      if (over) return refuse(over)
      inFlight += chunk.byteLength
      held += chunk.byteLength
      chunks.push(chunk)
    }
    const onEnd = () => {
      finish()
      resolve({ ok: true, chunks, size })
    }
    const onGone = () => {
      finish()
      reject(new DroppedConnectionError('The client closed the connection before its body arrived'))
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onGone)
    incoming.on('close', onGone)
  })
}

/** The body's text, or the failure that refuses it (or refused its read). */
function bytesToText(read: Chunks): BodyResult {
  if (!read.ok) return read
  const { chunks, size } = read
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  // `ignoreBOM`: a leading byte-order mark is kept, so the signature is checked over the body
  // exactly as received (the decoder dropped it before).
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
    }
  } catch {
    return { ok: false, failure: notUtf8 }
  }
}
