/**
 * Browser test helpers of the stream: a rolldown bundle of the BUILT package for a page, a
 * test-only HTTP server on 127.0.0.1 that serves that page and proxies `/api/*` (HTTP) and
 * `/v3/ws/*` (WebSocket upgrades, raw sockets piped) to a sandbox, so the page is same-origin
 * and needs no CORS, and Debian's Chromium through playwright-core (never a downloaded
 * browser). Never part of the build: it sits in `src/test/`, which the build excludes (a helper
 * in `src/stream/test/` would be compiled into `dist/modules`, without Node's types).
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { isBuiltin } from 'node:module'
import { connect, type Socket } from 'node:net'
import { dirname, resolve } from 'node:path'
import type { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { chromiumLaunchOptions } from '@tradeline/vitest-config/chromium'
import { type Browser, chromium } from 'playwright-core'
import { rolldown } from 'rolldown'

/** The package folder (packages/unified). */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
/** What a bundler resolves through the `module` export condition of the built package. */
const built = resolve(root, 'dist/modules/index.js')

/** Builds the package (tsdown) when its `dist/modules/index.js` is missing. */
export function buildIfMissing(): void {
  if (existsSync(built)) return
  try {
    execFileSync(resolve(root, 'node_modules/.bin/tsdown'), [], { cwd: root, stdio: 'pipe' })
  } catch (error) {
    // Another build (turbo's) may have written it meanwhile.
    if (!existsSync(built)) throw error
  }
}

/** A bundle: its files by URL path, the entry's path, and the Node built-ins it imports. */
export type PageBundle = {
  readonly files: ReadonlyMap<string, string>
  readonly entry: string
  readonly builtins: readonly string[]
}

/**
 * Bundles `source` (an ES module; absolute paths of the built package in its imports) with
 * rolldown into ES modules: for the browser (`platform: 'browser'`), or for a server runtime
 * (`platform: 'neutral'` with the `conditions` that runtime resolves `exports` with). Node
 * built-ins stay external, and are listed.
 */
export async function bundleEntry(
  source: string,
  options: { platform: 'browser' | 'neutral'; conditions?: readonly string[] | undefined },
): Promise<PageBundle> {
  const id = '\0entry.js'
  const builtins: string[] = []
  const bundle = await rolldown({
    input: { entry: id },
    platform: options.platform,
    logLevel: 'silent',
    ...(options.conditions && { resolve: { conditionNames: [...options.conditions] } }),
    plugins: [
      {
        name: 'entry',
        resolveId: (specifier) => {
          if (specifier === id) return id
          if (!isBuiltin(specifier)) return undefined
          builtins.push(specifier)
          return { id: specifier, external: true }
        },
        load: (file) => (file === id ? source : undefined),
      },
    ],
  })
  const { output } = await bundle.generate({ format: 'esm' })
  await bundle.close()
  const files = new Map<string, string>()
  let entry = ''
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue
    files.set(`/${chunk.fileName}`, chunk.code)
    if (chunk.isEntry) entry = `/${chunk.fileName}`
  }
  return { files, entry, builtins: [...new Set(builtins)] }
}

/**
 * Bundles, for the browser, a page entry that puts `createUnifiedClient` and
 * `createUnifiedStream` of the built package on `window.tradeline`.
 */
export function bundlePage(): Promise<PageBundle> {
  const source = `import { createUnifiedClient, createUnifiedStream } from ${JSON.stringify(built)}
window.tradeline = { createUnifiedClient, createUnifiedStream }
`
  return bundleEntry(source, { platform: 'browser' })
}

/** What the page server passed on to the sandbox: `http METHOD /path` or `ws /path`. */
export type Proxied = string[]

/** A running page server. */
export type PageServer = {
  /** `http://127.0.0.1:PORT`: the page's origin. */
  readonly origin: string
  /** Every request passed on to the sandbox, in order. */
  readonly proxied: Proxied
  /** Stops the server and ends every connection (piped sockets included). */
  close(): Promise<void>
}

const page = (entry: string) => `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>stream</title>
<script type="module" src="${entry}"></script></head><body></body></html>
`

/**
 * Serves the page (`/`) and the bundle on 127.0.0.1 at a free port; `/api/*` requests and
 * `/v3/ws/*` upgrades go to `sandboxUrl` (a loopback URL), everything else is a 404.
 */
export async function servePage(bundle: PageBundle, sandboxUrl: string): Promise<PageServer> {
  const target = new URL(sandboxUrl)
  if (target.hostname !== '127.0.0.1') throw new Error(`not a loopback sandbox: ${sandboxUrl}`)
  const port = Number(target.port)
  const proxied: Proxied = []
  const sockets = new Set<Duplex>()

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    if (path.startsWith('/api/')) {
      proxied.push(`http ${request.method} ${path}`)
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
        },
      )
      upstream.on('error', () => response.destroy())
      request.pipe(upstream)
      return
    }
    const body = path === '/' ? page(bundle.entry) : bundle.files.get(path)
    if (body === undefined) {
      response.writeHead(404).end()
      return
    }
    const type = path === '/' ? 'text/html; charset=utf-8' : 'text/javascript'
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body)
  })

  server.on('upgrade', (request, socket: Duplex, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    if (!path.startsWith('/v3/ws/')) {
      socket.on('error', () => socket.destroy())
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    proxied.push(`ws ${path}`)
    const upstream: Socket = connect(port, '127.0.0.1')
    sockets.add(upstream)
    // Either side gone (the sandbox's drop destroys its socket): the other goes too.
    const end = () => {
      socket.destroy()
      upstream.destroy()
    }
    upstream.on('close', () => {
      sockets.delete(upstream)
      end()
    })
    upstream.on('error', end)
    socket.on('error', end)
    socket.on('close', end)
    upstream.on('connect', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`]
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length > 0) upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
  })

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    proxied,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** Starts Debian's Chromium headless, without background network traffic. */
export function launch(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions)
}
