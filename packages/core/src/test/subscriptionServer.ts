/**
 * A `ws` server on 127.0.0.1 for the private-stream tests that play a hostile exchange: it
 * answers `ping` and every subscription, and the test's hooks push what it wants. Each test
 * file stops its servers after each test with {@link closeSubscriptionServers}.
 */
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export type Send = (text: string) => void
/** Closes the connection with a close frame of `code` and `reason`; without a code, with none (1006). */
export type Close = (code?: number, reason?: string) => void
type Arg = Record<string, unknown>

const servers: WebSocketServer[] = []

/** Stops every server started since the last call (and drops its clients). */
export async function closeSubscriptionServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate()
    await new Promise((resolve) => server.close(resolve))
  }
}

/**
 * Starts a server that answers `ping`, a login (accepted) and every subscription: `each` pushes
 * what follows one subscription's answer, `after` what follows the answers of one subscribe
 * message, `connected` sees each connection (numbered from 1), `login` each login's arg;
 * `answer` gives the arg a subscription is answered with (`undefined`: none; the arg as sent by
 * default). Each hook may close the connection. Resolves with its `ws://` URL.
 */
export async function subscriptionServer(hooks: {
  each?: (send: Send, subscribed: { topic?: string }, connection: number, close: Close) => void
  after?: (send: Send, connection: number, close: Close) => void
  connected?: (send: Send, connection: number, close: Close) => void
  login?: (arg: Arg, connection: number) => void
  answer?: (subscribed: Arg, connection: number) => Arg | undefined
}): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  let connections = 0
  server.on('connection', (socket) => {
    const connection = ++connections
    const send: Send = (text) => socket.send(text)
    const close: Close = (code, reason) =>
      code === undefined ? socket.terminate() : socket.close(code, reason)
    hooks.connected?.(send, connection, close)
    socket.on('message', (data) => {
      const text = String(data)
      if (text === 'ping') return send('pong')
      const message = JSON.parse(text) as { op: string; args: (Arg & { topic?: string })[] }
      if (message.op === 'login') {
        hooks.login?.(message.args[0] ?? {}, connection)
        return send(JSON.stringify({ event: 'login', code: 0 }))
      }
      if (message.op !== 'subscribe') return
      for (const subscribed of message.args) {
        const arg = hooks.answer ? hooks.answer(subscribed, connection) : subscribed
        if (arg !== undefined) send(JSON.stringify({ event: 'subscribe', arg }))
        hooks.each?.(send, subscribed, connection, close)
      }
      hooks.after?.(send, connection, close)
    })
  })
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
}
