/**
 * Starts a real `redis-server` on 127.0.0.1 and a free high port (no persistence unless a
 * directory is given for `SAVE`), for tests; stops it by pid. Fails (never skips) when
 * redis-server is not installed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll } from 'vitest'

/** A running redis-server. */
export type RedisServer = {
  readonly port: number
  readonly url: string
  /** Stops the server (SIGKILL when `kill`, like a crash) and waits for it to exit. */
  stop(kill?: boolean): Promise<void>
  /** Starts it again on the same port (its data is gone, unless `SAVE` wrote a snapshot to `dir`). */
  restart(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function launch(port: number, dir: string | undefined): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        ...(dir === undefined ? [] : ['--dir', dir]),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    child.once('error', (error) =>
      reject(new Error(`redis-server did not start: ${error.message}`)),
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
  })
}

/**
 * Starts redis-server on a free port of 127.0.0.1; with `dir`, an explicit `SAVE` writes a
 * snapshot there, which a restart loads (a crash that rolls the data back to it).
 */
export async function startRedisServer(options: { dir?: string } = {}): Promise<RedisServer> {
  const port = await freePort()
  let child = await launch(port, options.dir)
  const stop = async (kill = false) => {
    const current = child
    if (current.exitCode !== null || current.signalCode !== null) return
    const exited = new Promise((resolve) => current.once('exit', resolve))
    if (current.pid !== undefined) process.kill(current.pid, kill ? 'SIGKILL' : 'SIGTERM')
    await exited
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    async restart() {
      await stop(true)
      child = await launch(port, options.dir)
    },
  }
}

/**
 * A redis-server and an ioredis client of it for the tests of one file: started before them,
 * stopped after; read `server` and `redis` inside the tests.
 */
export function useRedisServer(): { readonly server: RedisServer; readonly redis: Redis } {
  const made = {} as { server: RedisServer; redis: Redis }
  beforeAll(async () => {
    made.server = await startRedisServer()
    made.redis = new Redis(made.server.url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 })
    made.redis.on('error', () => {})
    await new Promise((resolve) => made.redis.once('ready', resolve))
  }, 30_000)
  afterAll(async () => {
    made.redis?.disconnect()
    await made.server?.stop()
  })
  return made
}
