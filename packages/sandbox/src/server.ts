/**
 * Starts the sandbox on Node's HTTP server and stops it again.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Admin } from './admin.js'
import { createSandboxApp, type SandboxApp, type SandboxOptions, wsHubOf } from './app.js'
import { type RequestLogEntry, withRequestLog } from './requestLog.js'

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
  const { server, address } = await new Promise<{
    server: ReturnType<typeof serve>
    address: AddressInfo
  }>((resolve, reject) => {
    const server = serve(
      {
        fetch: options.onRequest
          ? withRequestLog(sandbox.app.fetch, options.onRequest, () => sandbox.admin.now())
          : sandbox.app.fetch,
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
  if (ws) server.on('upgrade', (request, socket, head) => ws.handleUpgrade(request, socket, head))
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
