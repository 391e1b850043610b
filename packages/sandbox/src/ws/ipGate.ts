/**
 * The exchange's per-IP limits of WebSocket connections, in front of every stream path: at most
 * {@link connectsPerWindow} connection requests per IP in {@link connectWindowMs} (on the sandbox
 * clock, as every other window of the sandbox) and at most {@link connectionsPerIp} connections
 * open at once per IP. The exchange publishes both figures but not how it refuses; the sandbox
 * answers the upgrade HTTP 429 with a `Retry-After` in seconds, and counts every request,
 * refused ones included, since the exchange counts connection requests.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { windowAdmits } from './protocol.js'
import type { WsHub } from './server.js'

/** Connection requests one IP may make in {@link connectWindowMs}. */
export const connectsPerWindow = 300
/** The window of {@link connectsPerWindow}: 5 minutes. */
export const connectWindowMs = 300_000
/** Connections one IP may hold open at once. */
export const connectionsPerIp = 100

/** Counts of one IP: its requests of the last window and its open connections. */
type Peer = { readonly requests: number[]; open: number }

/**
 * The gate over the sandbox clock: counts the request and answers `true` if it may be served
 * (its socket then counts as open until it closes), else refuses it with HTTP 429 and answers
 * `false`. One entry per IP that ever connected: loopback and a few test addresses.
 */
function createIpGate(clock: { now(): number }) {
  const peers = new Map<string, Peer>()
  return (request: IncomingMessage, socket: Duplex): boolean => {
    const ip = request.socket.remoteAddress ?? ''
    const peer = peers.get(ip) ?? { requests: [], open: 0 }
    peers.set(ip, peer)
    const now = clock.now()
    if (!windowAdmits(peer.requests, now, connectWindowMs, connectsPerWindow)) {
      const oldest = peer.requests[0] ?? now
      refuse(socket, Math.max(1, Math.ceil((oldest + connectWindowMs - now) / 1000)))
      return false
    }
    if (peer.open >= connectionsPerIp) {
      refuse(socket, 1)
      return false
    }
    peer.open++
    socket.once('close', () => {
      peer.open--
    })
    return true
  }
}

/** Answers an upgrade request with HTTP `status` and closes its socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string, extra = ''): void {
  socket.on('error', () => socket.destroy())
  socket.once('finish', () => socket.destroy())
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${extra}Content-Length: 0\r\n\r\n`,
  )
}

function refuse(socket: Duplex, retryAfterSeconds: number): void {
  refuseUpgrade(socket, 429, 'Too Many Requests', `Retry-After: ${retryAfterSeconds}\r\n`)
}

/** `hub` behind the per-IP limits (none with `enabled: false`). */
export function withIpLimits<Hub extends WsHub>(
  hub: Hub,
  clock: { now(): number },
  enabled: boolean,
): Hub {
  if (!enabled) return hub
  const admit = createIpGate(clock)
  return {
    ...hub,
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (admit(request, socket)) hub.handleUpgrade(request, socket, head)
    },
  }
}
