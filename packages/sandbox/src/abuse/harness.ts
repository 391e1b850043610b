/**
 * The abuse suite's harness: raw requests over node:http on loopback (bodies declared with a
 * length or streamed chunked, generated in memory from one reused chunk, so a 600 MB upload costs
 * the test nothing), signed the way the exchange documents it, and the health checks every case
 * ends with.
 */
import { request as httpRequest } from 'node:http'
import type { RunningSandbox } from '../server.js'
import { signedHeaders } from '../test/helpers.js'
import { ethBuy, paths, start } from '../test/unified.js'

/** An answer: the status and the envelope (or the text when it is not JSON). */
export type RawAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: { code: string; msg: string; data: any } | string
}

/** A body: bytes sent at once, or `size` bytes streamed in `chunk`s (chunked unless `declared`). */
export type RawBody =
  | string
  | Buffer
  | { chunk: Buffer; size: number; declared?: boolean | undefined }

/**
 * Sends one request and resolves with the answer as soon as it arrives; an upload the server
 * cut short (it answered and closed) stops without error.
 */
export function raw(
  url: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: RawBody },
): Promise<RawAnswer> {
  const target = new URL(options.path, url)
  const body = options.body
  const streamed = body !== undefined && typeof body === 'object' && !Buffer.isBuffer(body)
  const headers: Record<string, string> = { ...options.headers }
  if (body !== undefined && !streamed) headers['content-length'] = String(Buffer.byteLength(body))
  if (streamed && body.declared) headers['content-length'] = String(body.size)
  return new Promise((resolve, reject) => {
    let answered = false
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method,
        headers,
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let parsed: RawAnswer['body'] = text
          try {
            parsed = JSON.parse(text)
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed })
        })
      },
    )
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    if (!streamed) {
      req.end(body)
      return
    }
    let sent = 0
    const pump = () => {
      while (!answered && !req.destroyed && sent < body.size) {
        const piece = body.chunk.subarray(0, Math.min(body.chunk.length, body.size - sent))
        sent += piece.length
        if (!req.write(piece)) {
          req.once('drain', pump)
          return
        }
      }
      if (sent >= body.size && !req.destroyed) req.end()
    }
    pump()
  })
}

/** The signed headers of a POST of `body` (or a GET of `rawQuery`) at the sandbox clock. */
export function signed(
  sandbox: RunningSandbox,
  request: { method: 'GET' | 'POST'; path: string; body?: string; query?: Record<string, string> },
): Record<string, string> {
  return signedHeaders(sandbox.credentials, { ...request, timestamp: sandbox.admin.now() })
}

/** A sandbox for one abuse file, with the counters the suite asserts on. */
export async function startAbuse(): Promise<Awaited<ReturnType<typeof start>>> {
  return start({ strict: false })
}

/**
 * The sandbox is healthy: a normal signed order places and the reads answer `00000`.
 * Resolves with the codes seen (place, unfilled, history, time).
 */
export async function health(ctx: Awaited<ReturnType<typeof start>>, n: number): Promise<string[]> {
  const placed = await ctx.api.post(paths.place, ethBuy({ clientOid: `health-${n}` }))
  // Cancelled again, so the checks of a long suite do not use up the balance.
  if (placed.body.code === '00000')
    await ctx.api.post(paths.cancel, { category: 'SPOT', orderId: placed.body.data.orderId })
  const unfilled = await ctx.api.get(paths.unfilled, { category: 'SPOT' })
  const history = await ctx.api.get(paths.history, { category: 'SPOT' })
  const time = await fetch(`${ctx.sandbox.url}/api/v3/public/time`).then((r) => r.json())
  return [placed.body.code, unfilled.body.code, history.body.code, time.code]
}

/** The resident set size in MB. */
export function rssMb(): number {
  return process.memoryUsage().rss / 1024 / 1024
}
