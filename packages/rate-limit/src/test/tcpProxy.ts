/**
 * A TCP proxy on 127.0.0.1 in front of a real server, for tests: `cut()` drops every connection
 * and refuses new ones (a network partition; the server behind keeps its data), `restore()`
 * accepts again on the same port.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  readonly port: number
  readonly url: string
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

/** Starts a proxy to `127.0.0.1:target` on a free port; `url` uses `scheme`. */
export async function startTcpProxy(target: number, scheme = 'redis'): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const open = (): Server =>
    createServer((client) => {
      const upstream = connect(target, '127.0.0.1')
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {})
      }
      client.pipe(upstream).pipe(client)
    })
  const listen = (server: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
  let server = open()
  await listen(server, 0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    cut,
    async restore() {
      server = open()
      await listen(server, port)
    },
    close: cut,
  }
}
