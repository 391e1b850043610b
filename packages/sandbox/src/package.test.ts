// The installed sandbox brings no web framework: Hono and its Node server are bundled into dist,
// and the public types (`SandboxHttpApp`) name neither; nor does the `ws` server. Reads the built dist (pnpm build first).
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { connect } from './test/ws.js'

const root = new URL('../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')
const manifest = JSON.parse(read('package.json')) as {
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

describe('package', () => {
  test('decision: Hono is bundled: no hono or @hono/node-server among the dependencies', () => {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    expect(names.filter((name) => /hono/.test(name))).toEqual([])
  })

  test('no file of dist imports hono, and the declarations name it nowhere', () => {
    const files = [
      'dist/index.js',
      'dist/cli.js',
      ...readdirSync(new URL('dist/chunks/', root)).map((name) => `dist/chunks/${name}`),
    ]
    // An import statement at the start of a line, or a dynamic import (Hono's own doc comments,
    // bundled along, quote `import { Hono } from 'hono'` after a `*`).
    const importsHono =
      /^import\b[^;]*?["'](?:hono|@hono\/node-server)(?:\/[^"']*)?["']|\bimport\(\s*["'](?:hono|@hono\/node-server)/m
    expect(files.filter((file) => importsHono.test(read(file)))).toEqual([])
    expect(read('dist/index.d.ts')).not.toMatch(/hono/)
  })

  test('decision: ws is bundled: not a dependency, no file of dist imports it, the types name it nowhere', () => {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    expect(names.filter((name) => name === 'ws' || name.startsWith('@types/ws'))).toEqual([])
    const files = [
      'dist/index.js',
      'dist/cli.js',
      ...readdirSync(new URL('dist/chunks/', root)).map((name) => `dist/chunks/${name}`),
    ]
    const importsWs =
      /^import\b[^;]*?["']ws(?:\/[^"']*)?["']|\bimport\(\s*["']ws["']|require\(["']ws["']\)/m
    expect(files.filter((file) => importsWs.test(read(file)))).toEqual([])
    expect(read('dist/index.d.ts')).not.toMatch(/from ["']ws["']/)
  })

  test('the built sandbox serves a WebSocket: login and ping over loopback', async () => {
    const { startSandbox } = (await import(
      new URL('dist/index.js', root).href
    )) as typeof import('./index.js')
    const sandbox = await startSandbox({ rateLimits: false })
    try {
      const client = await connect(`${sandbox.wsUrl}/v3/ws/private`)
      client.send('ping')
      expect(await client.next()).toBe('pong')
      client.send({ op: 'login', args: [{ apiKey: 'nope' }] })
      expect(await client.next()).toMatchObject({ event: 'error', code: 30011 })
      expect(sandbox.admin.ws.connections()).toEqual({ private: 1, public: 0, loggedIn: 0 })
    } finally {
      await sandbox.close()
    }
  })
  test('decision: the explorer stays off the hot path: its own chunk, reached by a dynamic import only, and no other dist file holds its page or names swagger-ui-dist', () => {
    const chunks = readdirSync(new URL('dist/chunks/', root)).map((name) => `dist/chunks/${name}`)
    const others = ['dist/index.js', 'dist/cli.js', ...chunks].filter(
      (file) => file !== 'dist/chunks/explorer.js',
    )
    expect(read('dist/chunks/explorer.js')).toContain('SwaggerUIBundle')
    expect(others.filter((file) => /SwaggerUIBundle|swagger-ui-dist/.test(read(file)))).toEqual([])
    expect(
      others.filter((file) => /^import\b[^;]*?["']\.\/explorer\.js["']/m.test(read(file))),
    ).toEqual([])
    expect(others.some((file) => read(file).includes('import("./explorer.js")'))).toBe(true)
  })
})
