/**
 * A recording proxy in front of the sandbox: peers send their requests through it, so a test
 * (and a gap report) can show exactly what a third-party client sent and what it got back.
 */
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One exchange of a peer with the sandbox, as seen on the wire. */
export type Exchange = {
  readonly method: string
  /** Path without the query string. */
  readonly path: string
  /** The raw query string (without `?`), `''` when none. */
  readonly query: string
  /** The request body as sent, `''` when none. */
  readonly body: string
  readonly status: number
  /** The answer's body, parsed when it is JSON. */
  readonly answer: unknown
}

/** Headers a proxy must not copy as they are (they describe the hop, not the message). */
const hopHeaders = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'keep-alive',
])

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * Starts a proxy on loopback that forwards every request to `target` and records it.
 *
 * @example
 * import { startRecorder } from './test/recorder.js'
 * const recorder = await startRecorder(sandbox.url)
 * // point the peer at recorder.url, call it, then read recorder.exchanges
 * await recorder.close()
 */
export async function startRecorder(target: string) {
  const exchanges: Exchange[] = []
  const server = createServer(async (request, response) => {
    const body = await read(request)
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers))
      if (!hopHeaders.has(name) && value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    const url = request.url ?? '/'
    const [path = '/', query = ''] = url.split(/\?(.*)/s)
    try {
      const answer = await fetch(`${target}${url}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body === '' ? {} : { body }),
      })
      const text = await answer.text()
      exchanges.push({
        method: request.method ?? 'GET',
        path,
        query,
        body,
        status: answer.status,
        answer: parsed(text),
      })
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      response.end(text)
    } catch (error) {
      exchanges.push({
        method: request.method ?? 'GET',
        path,
        query,
        body,
        status: 0,
        answer: null,
      })
      response.destroy(error as Error)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    /** The proxy's base URL, to give the peer instead of the sandbox's. */
    url: `http://127.0.0.1:${port}`,
    /** Every exchange so far, oldest first. */
    exchanges,
    /** `METHOD /path` of every request so far, oldest first. */
    calls: () => exchanges.map(({ method, path }) => `${method} ${path}`),
    /**
     * What the last request of `path` sent: its JSON body parsed, or its query as an object
     * when it had no body. Throws when `path` was not called.
     */
    sent(path: string): Record<string, unknown> {
      const last = [...exchanges].reverse().find((item) => item.path === path)
      if (!last) throw new Error(`${path} was not called`)
      return last.body === ''
        ? Object.fromEntries(new URLSearchParams(last.query))
        : (JSON.parse(last.body) as Record<string, unknown>)
    },
    /** The exchanges that did not succeed (HTTP status other than 200, or a code other than 00000). */
    failures: () =>
      exchanges.filter(
        ({ status, answer }) =>
          status !== 200 || (answer as { code?: unknown } | null)?.code !== '00000',
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
