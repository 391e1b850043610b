// The installed sandbox brings no web framework: Hono and its Node server are bundled into dist,
// and the public types (`SandboxHttpApp`) name neither. Reads the built dist (pnpm build first).
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

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
})
