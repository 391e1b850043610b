/**
 * Starts the sandbox on Node's HTTP server and stops it again.
 */
import { type IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { getRequestListener, serve } from '@hono/node-server'
import type { Admin } from './admin.js'
import { createSandboxApp, type SandboxApp, type SandboxOptions, wsHubOf } from './app.js'
import { type RequestLogEntry, withRequestLog } from './requestLog.js'
import { writingTextDirectly } from './textResponse.js'

/**
 * How long a request may take to arrive, headers and body, before the server answers HTTP 408 and
 * closes the connection: 30 s (Node's default is 300 s, during which a stalled upload held its
 * bytes). The headers must arrive within two thirds of it. A response may take as long as it
 * needs (a `delay` fault waits up to 600 s): the time counts until the request has arrived.
 *
 * @example
 * import { requestTimeoutMs } from '@tradeline/sandbox'
 * requestTimeoutMs // 30000
 */
export const requestTimeoutMs = 30_000

/**
 * The most connections the server keeps open at once (4096, far past any test suite); past it a
 * new connection is closed at once. Each stalled connection costs little beyond its body, which
 * `bodyBytesInFlightLimit` bounds.
 *
 * @example
 * import { maxConnections } from '@tradeline/sandbox'
 * maxConnections // 4096
 */
export const maxConnections = 4096

/** Options of {@link startSandbox}. */
export type StartOptions = SandboxOptions & {
  /**
   * How long a request may take to arrive (headers and body) before it is answered HTTP 408 and
   * its connection closed.
   * @default requestTimeoutMs (30000)
   */
  requestTimeoutMs?: number | undefined
  /** The port; `0` takes a free one. @default 0 */
  port?: number | undefined
  /** The address to bind. @default '127.0.0.1' */
  host?: string | undefined
  /**
   * Keep a log of every HTTP request the server receives (`requests`), for tests that count
   * what reached the exchange. Off by default: a long-running sandbox would keep growing it.
   * @default false
   */
  recordRequests?: boolean | undefined
  /**
   * Called with each HTTP request once answered: time, method, path, status, envelope code and
   * milliseconds (no header, query or body), e.g. to print a request log.
   * @default none
   */
  onRequest?: ((entry: RequestLogEntry) => void) | undefined
}

/** One request the server received (see `recordRequests`). */
export type ReceivedRequest = {
  readonly method: string
  /** The path without the query. */
  readonly path: string
}

/** A running sandbox. */
export type RunningSandbox = {
  /** The base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /**
   * The WebSocket base URL (no path), e.g. `ws://127.0.0.1:8080`: the private endpoint is
   * `${wsUrl}/v3/ws/private`, the public one `${wsUrl}/v3/ws/public`.
   */
  readonly wsUrl: string
  /** The first key of the sandbox. */
  readonly credentials: {
    readonly apiKey: string
    readonly secret: string
    readonly passphrase: string
  }
  /**
   * Every HTTP request received, in order, when started with `recordRequests` (else always
   * empty); clear it with `requests.length = 0`.
   */
  readonly requests: ReceivedRequest[]
  /** Admin operations (prices, clock, faults, state, keys). */
  readonly admin: Admin
  /** The app and its state, as {@link createSandboxApp} returns them. */
  readonly sandbox: SandboxApp
  /** Stops the server, ending open connections (WebSocket ones included). */
  close(): Promise<void>
}

/**
 * Starts a sandbox on loopback and returns its URL, credentials and admin handle.
 *
 * @example
 * import { startSandbox } from '@tradeline/sandbox'
 * const sandbox = await startSandbox({ port: 0, rateLimits: false })
 * const response = await fetch(`${sandbox.url}/api/v3/public/time`)
 * await sandbox.close()
 */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1'
  const timeout = options.requestTimeoutMs ?? requestTimeoutMs
  // The host the user chose is a name the admin API answers under, besides the loopback ones.
  const sandbox = createSandboxApp({
    ...options,
    adminHosts: [...(options.adminHosts ?? []), host],
  })
  const fetch = writingTextDirectly(
    options.onRequest
      ? withRequestLog(sandbox.app.fetch, options.onRequest, () => sandbox.admin.now())
      : sandbox.app.fetch,
  )
  const { server, address } = await new Promise<{
    server: ReturnType<typeof serve>
    address: AddressInfo
  }>((resolve, reject) => {
    const server = serve(
      {
        fetch,
        port: options.port ?? 0,
        hostname: host,
        overrideGlobalObjects: false,
        serverOptions: {
          requestTimeout: timeout,
          headersTimeout: Math.ceil((timeout * 2) / 3),
          // Node checks the timeouts this often (30 s by default, which doubled the wait).
          connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(timeout / 4))),
        },
      },
      (address) => resolve({ server, address }),
    )
    server.once('error', reject)
  })
  server.maxConnections = maxConnections
  const ws = wsHubOf(sandbox.state)
  const listener = getRequestListener(fetch, { overrideGlobalObjects: false })
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (ws && String(request.headers.upgrade ?? '').toLowerCase() === 'websocket')
      return ws.handleUpgrade(request, socket, head)
    serveWithoutUpgrade(request, socket, head, listener, () => sandbox.admin.now())
  })
  const requests: ReceivedRequest[] = []
  if (options.recordRequests)
    server.on('request', (request: { method?: string; url?: string }) => {
      requests.push({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0] ?? '',
      })
    })
  const key = [...sandbox.state.keys.values()][0]
  if (!key) throw new Error('The sandbox has no API key')
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let closed: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${address.port}`,
    wsUrl: `ws://${urlHost}:${address.port}`,
    credentials: { apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase },
    requests,
    admin: sandbox.admin,
    sandbox,
    close() {
      sandbox.close()
      ws?.closeAll()
      closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
      return closed
    },
  }
}

/**
 * A request that offers an upgrade to another protocol than WebSocket (`curl --http2` offers
 * `h2c` over plain HTTP): Node hands it to the `upgrade` event, not to the app, and it was
 * answered a bare 404. The offer is declined, as a server that keeps to HTTP/1.1 does, and the
 * request served by the app over this connection, which is then closed. A body cannot be read
 * once Node has taken the request for an upgrade: one that declares one is answered the
 * envelope's 400 `40017` naming the header, and nothing is applied.
 */
function serveWithoutUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  listener: (request: IncomingMessage, response: ServerResponse) => unknown,
  now: () => number,
): void {
  socket.on('error', () => socket.destroy())
  const length = request.headers['content-length']
  const hasBody =
    head.length > 0 ||
    request.headers['transfer-encoding'] !== undefined ||
    (length !== undefined && length !== '0')
  const response = new ServerResponse(request)
  response.shouldKeepAlive = false
  response.assignSocket(socket as Socket)
  response.once('finish', () => {
    response.detachSocket(socket as Socket)
    socket.end()
  })
  if (hasBody) {
    const text = JSON.stringify({
      code: '40017',
      msg: 'Upgrade: a request with a body that offers another protocol is not served; send it without the Upgrade header',
      requestTime: now(),
      data: null,
    })
    response.writeHead(400, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
      Connection: 'close',
    })
    response.end(text)
    return
  }
  void listener(request, response)
}
