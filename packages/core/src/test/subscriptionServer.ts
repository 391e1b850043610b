/**
 * A `ws` server on 127.0.0.1 for the private-stream tests that play a hostile exchange: it
 * answers `ping` and every subscription, and the test's hooks push what it wants. Each test
 * file stops its servers after each test with {@link closeSubscriptionServers}.
 */
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export type Send = (text: string) => void

const servers: WebSocketServer[] = []

/** Stops every server started since the last call (and drops its clients). */
export async function closeSubscriptionServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate()
    await new Promise((resolve) => server.close(resolve))
  }
}

/**
 * Starts a server that answers `ping` and every subscription: `each` pushes what follows one
 * subscription's answer, `after` what follows the answers of one subscribe message, `connected`
 * sees each connection (numbered from 1). Resolves with its `ws://` URL.
 */
export async function subscriptionServer(hooks: {
  each?: (send: Send, subscribed: { topic?: string }, connection: number) => void
  after?: (send: Send, connection: number) => void
  connected?: (send: Send, connection: number) => void
}): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  let connections = 0
  server.on('connection', (socket) => {
    const connection = ++connections
    const send: Send = (text) => socket.send(text)
    hooks.connected?.(send, connection)
    socket.on('message', (data) => {
      const text = String(data)
      if (text === 'ping') return send('pong')
      const message = JSON.parse(text) as { op: string; args: { topic?: string }[] }
      if (message.op !== 'subscribe') return
      for (const subscribed of message.args) {
        send(JSON.stringify({ event: 'subscribe', arg: subscribed }))
        hooks.each?.(send, subscribed, connection)
      }
      hooks.after?.(send, connection)
    })
  })
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
}
