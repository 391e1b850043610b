/**
 * A real `redis-server` on 127.0.0.1 and a free port (no persistence) for the Redis example;
 * stopped by its pid. Fails (never skips) when redis-server is not installed.
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A running redis-server. */
export type RedisServer = { readonly url: string; stop(): Promise<void> }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Starts redis-server on a free port of 127.0.0.1 and resolves once it accepts connections. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.once('error', (error) =>
      reject(new Error(`redis-server did not start: ${error.message}`)),
    )
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM')
      await exited
    },
  }
}
