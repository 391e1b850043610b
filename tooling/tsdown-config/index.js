// The one build config of the public packages: each `exports` entry (and each `bin`)
// of the package's own package.json becomes ONE bundled ESM file in dist with its bundled .d.ts.
// Dependencies, peers and the other workspace packages stay external (tsdown's default reads them
// from package.json), so a user's install dedupes the workspace packages; valibot alone is bundled
// into the Node files, tree-shaken (see `inlined` below).
//
// Bundlers get a second layout, `dist/modules` (one ES module per source file, tsc's output),
// through the `module` export condition: a bundle keeps every `export * as X` namespace as an
// object of getters (rolldown's `__export`), which no bundler downstream can tree-shake member by
// member, so a browser app importing one schema of `Unified` from the bundled file would carry
// them all. Node ignores `module` and loads the single file. In that layout a package's own
// imports of another package's namespaces name the namespace's module (./namespaces.js), which a
// package exports as `./modules/*` under the `module` condition only.
//
//   // packages/NAME/tsdown.config.js
//   export { default } from '@tradeline/tsdown-config'
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { rewriteModules } from './namespaces.js'

/** `./dist/redis/index.js` -> [`redis/index`, `src/redis/index.ts`]. */
function entryOf(target) {
  const match = /^\.\/dist\/(.+)\.js$/.exec(target)
  if (!match) throw new Error(`${target}: a built entry must be ./dist/<name>.js`)
  return [match[1], `src/${match[1]}.ts`]
}

/** The entries of a package.json: `dist/x.js` of every `exports` and `bin` entry to `src/x.ts`. */
export function entries(manifest) {
  const targets = []
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    if (key === './package.json') continue
    // A pattern maps files, never a built entry: shipped data (generated JSON Schemas under
    // ./schemas/*) and the bundler layout's modules (./modules/*, under `module` only).
    if (key.endsWith('/*')) continue
    const target = typeof value === 'string' ? value : value.default
    targets.push(target)
  }
  const bin = manifest.bin ?? {}
  for (const target of typeof bin === 'string' ? [bin] : Object.values(bin)) {
    // A committed bin shim (bin/*.js) imports the built entry; only dist targets are built.
    if (target.startsWith('./dist/')) targets.push(target)
  }
  return Object.fromEntries(targets.map(entryOf))
}

/**
 * Throws unless each typed subpath of `exports` has its `typesVersions` entry: TypeScript's old
 * `node10` resolution reads no `exports`, and finds `@tradeline/rules/shared` only through it.
 */
export function checkTypesVersions(manifest) {
  for (const [key, value] of Object.entries(manifest.exports ?? {})) {
    if (key === '.' || key.includes('*') || typeof value !== 'object' || !value.types) continue
    const subpath = key.slice(2)
    const listed = manifest.typesVersions?.['*']?.[subpath]
    if (listed?.length !== 1 || listed[0] !== value.types)
      throw new Error(
        `${manifest.name}: typesVersions["*"]["${subpath}"] must be ["${value.types}"], as its exports entry (TypeScript's node10 resolution reads no exports)`,
      )
  }
}

/** tsc's per-module output of the package in `dir`, to `dist/modules`, no declarations. */
export function emitModules(dir) {
  const tsc = createRequire(resolve(dir, 'package.json')).resolve('typescript/bin/tsc')
  execFileSync(
    process.execPath,
    [tsc, '-p', 'tsconfig.build.json', '--outDir', 'dist/modules'].concat([
      '--declaration',
      'false',
      '--declarationMap',
      'false',
      '--sourceMap',
      'false',
    ]),
    { cwd: dir, stdio: 'inherit' },
  )
  // Named imports of another package's namespaces become imports of their modules (./namespaces.js).
  rewriteModules(dir)
}

/**
 * `dist/THIRD_PARTY_NOTICES.md`: the licence of each package in `bundled` (the dependencies the
 * Node files bundle), whose notice must go with every copy of its code.
 */
function writeNotices(dir, bundled) {
  const notices = []
  for (const name of bundled) {
    const root = resolve(dir, 'node_modules', name)
    const file = ['LICENSE', 'LICENSE.md', 'LICENCE', 'LICENSE.txt'].find((f) =>
      existsSync(resolve(root, f)),
    )
    if (file === undefined)
      throw new Error(`${name}: no licence file to ship with its bundled code`)
    notices.push(`## ${name}\n\n${readFileSync(resolve(root, file), 'utf8').trim()}\n`)
  }
  if (notices.length === 0) return
  writeFileSync(
    resolve(dir, 'dist/THIRD_PARTY_NOTICES.md'),
    `# Third-party notices\n\nThe files of dist/ (not dist/modules) bundle code of these packages, under these licences.\n\n${notices.join('\n')}`,
  )
}

/**
 * The build of the package in `dir` (default: the working directory), from its package.json.
 * `modules: false` leaves out dist/modules (a Node-only package, whose exports name no `module`);
 * `bundled` names the dependencies the Node files bundle in place of valibot (their licences go
 * to dist/THIRD_PARTY_NOTICES.md).
 */
export function packageConfig(dir = process.cwd(), { modules = true, bundled } = {}) {
  const manifest = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'))
  checkTypesVersions(manifest)
  // valibot is bundled into the Node files, tree-shaken (about 25 kB of its 206 kB file for a
  // client): a fresh process compiles only what it uses (the import-time goal). The bundler
  // layout and the types keep importing `valibot`, so a browser app shares the user's copy.
  const inlined = bundled ?? (manifest.dependencies?.valibot === undefined ? [] : ['valibot'])
  return {
    cwd: dir,
    entry: entries(manifest),
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outDir: 'dist',
    clean: true,
    // Shared code of two entries and the lazily loaded undici sender of core land in chunks.
    hash: false,
    // Chunks import each other's exports by their own names (`prefix`, not `Qt`): a function's
    // source text then names what it calls also where a tool rewrites imports into member reads
    // (vitest does), which the JSON Schema generator reads (tooling/schemas, crossField.ts).
    outputOptions: { chunkFileNames: 'chunks/[name].js', minifyInternalExports: false },
    dts: { sourcemap: false },
    sourcemap: false,
    treeshake: true,
    unbundle: false,
    fixedExtension: false,
    tsconfig: 'tsconfig.build.json',
    // Each bundled package with its subpaths (`hono/cors`); its licence goes with it (writeNotices).
    noExternal: inlined.map((name) => new RegExp(`^${name.replace(/[/.]/g, '\\$&')}(/|$)`)),
    report: false,
    publint: false,
    hooks: {
      'build:done': () => {
        writeNotices(dir, inlined)
        if (modules) emitModules(dir)
      },
    },
  }
}

export default packageConfig()
