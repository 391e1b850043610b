/**
 * "Installing `@tradeline/classic-futures` alone pulls no unified-account code": checked on the
 * manifests (the production dependency closure) and on the build (what dist imports).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const own = fileURLToPath(new URL('..', import.meta.url))
const dist = join(own, 'dist')
const unified = '@tradeline/unified'

type Manifest = {
  name: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/** The workspace's packages by name, with their folders (the globs of pnpm-workspace.yaml). */
function workspacePackages(): Map<string, { dir: string; manifest: Manifest }> {
  const globs = [
    ...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+(\S+)\/\*\s*$/gm),
  ]
  const found = new Map<string, { dir: string; manifest: Manifest }>()
  for (const [, parent] of globs) {
    for (const entry of readdirSync(join(root, parent ?? ''), { withFileTypes: true })) {
      const dir = join(root, parent ?? '', entry.name)
      if (!entry.isDirectory() || !existsSync(join(dir, 'package.json'))) continue
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
      found.set(manifest.name, { dir, manifest })
    }
  }
  return found
}

/**
 * The production dependency closure of a workspace package: its `dependencies` and
 * `peerDependencies` (not `devDependencies`), followed through the workspace packages'
 * manifests; registry packages are leaves.
 */
function productionClosure(name: string): string[] {
  const packages = workspacePackages()
  const seen = new Set<string>()
  const visit = (from: string) => {
    const manifest = packages.get(from)?.manifest
    if (!manifest) return
    const next = { ...manifest.dependencies, ...manifest.peerDependencies }
    for (const dep of Object.keys(next)) {
      if (seen.has(dep)) continue
      seen.add(dep)
      visit(dep)
    }
  }
  visit(name)
  return [...seen].sort()
}

/** Every `.js` file under `dir`. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file))
}

/** The module specifiers a built file imports (static, re-exported, side-effect, dynamic, require). */
function importsOf(code: string): string[] {
  // JSDoc examples in the build show imports that are not imports.
  const text = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1] ?? ''))
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined when relative. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

const closure = productionClosure('@tradeline/classic-futures')

beforeAll(() => {
  // The check reads the build; build it once when it is missing.
  if (!existsSync(join(dist, 'index.js'))) {
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
        cwd: own,
        stdio: 'pipe',
      })
    } catch {
      // Type errors elsewhere still emit; the check below is what matters.
    }
  }
  expect(existsSync(join(dist, 'index.js'))).toBe(true)
}, 120_000)

describe('installing @tradeline/classic-futures alone pulls no unified-account code', () => {
  test(`the production dependency closure (${closure.join(', ')}) holds no ${unified}`, () => {
    expect(closure).toMatchInlineSnapshot(`
      [
        "@tradeline/core",
        "@tradeline/rate-limit",
        "@tradeline/rules",
        "decimal.js",
        "ioredis",
        "valibot",
      ]
    `)
    expect(closure).not.toContain(unified)
    // The unified client is only a sibling: it is in the workspace, just not reachable.
    expect(workspacePackages().has(unified)).toBe(true)
  })

  test(`dist/**/*.js imports no ${unified}, only packages of its own dependencies`, () => {
    const files = jsFiles(dist)
    expect(files.length).toBeGreaterThan(10)
    const imported = new Set(files.flatMap((file) => importsOf(readFileSync(file, 'utf8'))))
    const packages = [...new Set([...imported].flatMap((s) => packageOf(s) ?? []))].sort()
    expect(packages).toMatchInlineSnapshot(`
      [
        "@tradeline/core",
        "@tradeline/rate-limit",
        "@tradeline/rules",
        "valibot",
      ]
    `)
    expect(packages).not.toContain(unified)
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain(unified)
    const manifest = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as Manifest
    for (const name of packages) expect(Object.keys(manifest.dependencies ?? {})).toContain(name)
  })

  test(`the built workspace dependencies (dist of core, rate-limit, rules) import no ${unified}`, () => {
    const packages = workspacePackages()
    const workspaceDeps = closure.filter((name) => packages.has(name))
    expect(workspaceDeps).toEqual(['@tradeline/core', '@tradeline/rate-limit', '@tradeline/rules'])
    for (const name of workspaceDeps) {
      const files = jsFiles(join(packages.get(name)?.dir ?? '', 'dist'))
      expect(files.length, `${name} is built`).toBeGreaterThan(0)
      for (const file of files) {
        const packagesImported = importsOf(readFileSync(file, 'utf8')).flatMap(
          (s) => packageOf(s) ?? [],
        )
        expect(packagesImported, file).not.toContain(unified)
      }
    }
  })

  test('importsOf reads static, re-exported, side-effect, dynamic and required imports, not comments', () => {
    const code = [
      "import { a, } from '@x/a';",
      "export * from '@x/b';",
      "import '@x/c';",
      "const d = await import('@x/d');",
      "const e = require('@x/e/sub');",
      "/** import { f } from '@x/f' */",
      "// import { g } from '@x/g'",
      "import { h } from './h.js';",
    ].join('\n')
    expect(importsOf(code).flatMap((s) => packageOf(s) ?? [])).toEqual([
      '@x/a',
      '@x/b',
      '@x/c',
      '@x/d',
      '@x/e',
    ])
  })
})
