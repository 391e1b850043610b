// What a page loads of a bundle: the entry chunk and every chunk it imports statically,
// transitively (all fetched before the entry runs), and apart from them the chunks reached only
// through a dynamic `import()` (fetched later, if ever). Each chunk is gzipped on its own (level 9),
// as a browser fetches each file. One module for every size measure of the repository
// (scripts/size-budgets.mjs, packages/unified/scripts/size.mjs, packages/rules/scripts/size.mjs,
// the rules' size test, `pnpm bench`); the bundlers are passed in, so it depends on none of them.
//
//   import { rolldown } from 'rolldown'
//   const size = await bundleRolldown(rolldown, `export * from '/abs/dist/index.js'`)
//   size.startGz // gzipped bytes loaded at start; size.lazyGz: the dynamically imported rest
import { isBuiltin } from 'node:module'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Gzipped bytes of `code`, level 9. */
export const gzipBytes = (code) => gzipSync(code, { level: 9 }).byteLength

/**
 * Splits the chunks of one bundle into those loaded at start (the entry and its static imports,
 * transitively) and the lazy ones (reached through a dynamic import from any chunk, with their own
 * static imports, and not loaded at start). Imports of names that are not chunks (externals such
 * as Node built-ins) add nothing.
 *
 * @param {Array<{ fileName: string, code: string | Uint8Array, isEntry: boolean, imports: string[], dynamicImports: string[] }>} chunks
 */
export function walkChunks(chunks) {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const entries = chunks.filter((chunk) => chunk.isEntry)
  if (entries.length !== 1)
    throw new Error(`a bundle of one page has one entry chunk; got ${entries.length}`)
  const start = new Set()
  const lazy = new Set()
  // Static imports first: everything they reach is loaded at start.
  const staticStack = [entries[0].fileName]
  while (staticStack.length > 0) {
    const name = staticStack.pop()
    if (start.has(name) || !byName.has(name)) continue
    start.add(name)
    staticStack.push(...byName.get(name).imports)
  }
  // Then every dynamic import from a loaded chunk, and whatever those reach in turn.
  const lazyStack = [...start].flatMap((name) => byName.get(name).dynamicImports)
  while (lazyStack.length > 0) {
    const name = lazyStack.pop()
    if (start.has(name) || lazy.has(name) || !byName.has(name)) continue
    lazy.add(name)
    const chunk = byName.get(name)
    lazyStack.push(...chunk.imports, ...chunk.dynamicImports)
  }
  const pick = (names) => [...names].map((name) => byName.get(name))
  return { start: pick(start), lazy: pick(lazy) }
}

/**
 * The sizes of one bundle: gzipped and minified bytes at start and lazy, the files of each, and
 * the code loaded at start (every start chunk, entry first) for checks of what it contains.
 */
export function chunkSizes(chunks) {
  const { start, lazy } = walkChunks(chunks)
  const sum = (list, measure) => list.reduce((total, chunk) => total + measure(chunk.code), 0)
  const bytes = (code) => Buffer.byteLength(code)
  return {
    startGz: sum(start, gzipBytes),
    lazyGz: sum(lazy, gzipBytes),
    startBytes: sum(start, bytes),
    lazyBytes: sum(lazy, bytes),
    startFiles: start.map((chunk) => chunk.fileName),
    lazyFiles: lazy.map((chunk) => chunk.fileName),
    code: start.map((chunk) => Buffer.from(chunk.code).toString()).join('\n'),
  }
}

/** The chunks of a rolldown `generate()` output (assets left out). */
export function rolldownChunks(output) {
  return output
    .filter((item) => item.type === 'chunk')
    .map((chunk) => ({
      fileName: chunk.fileName,
      code: chunk.code,
      isEntry: chunk.isEntry,
      imports: chunk.imports,
      dynamicImports: chunk.dynamicImports,
    }))
}

/**
 * The JavaScript chunks of an esbuild result built with `metafile: true` in `workingDir`. esbuild
 * marks the target of a dynamic import as an entry point too; the page's entry is the one no
 * chunk imports.
 */
export function esbuildChunks(result, workingDir) {
  const files = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  const outputs = Object.entries(result.metafile.outputs).filter(([path]) => path.endsWith('.js'))
  const imported = new Set(
    outputs.flatMap(([, meta]) => meta.imports.map((item) => resolve(workingDir, item.path))),
  )
  return outputs.map(([path, meta]) => {
    const fileName = resolve(workingDir, path)
    const of = (kind) =>
      meta.imports
        .filter((item) => item.kind === kind && !item.external)
        .map((item) => resolve(workingDir, item.path))
    return {
      fileName,
      code: files.get(fileName),
      isEntry: meta.entryPoint !== undefined && !imported.has(fileName),
      imports: of('import-statement'),
      dynamicImports: of('dynamic-import'),
    }
  })
}

const entryId = '\0entry.js'

/**
 * Bundles `source` (an ES module whose imports are absolute paths or package names) with the
 * `rolldown` function given, for the browser, minified, with code splitting as rolldown does by
 * default; Node built-ins are left external and listed.
 */
export async function bundleRolldown(rolldown, source) {
  const builtins = []
  const bundle = await rolldown({
    input: entryId,
    platform: 'browser',
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => {
          if (id === entryId) return entryId
          if (!isBuiltin(id)) return undefined
          builtins.push(id)
          return { id, external: true }
        },
        load: (id) => (id === entryId ? source : undefined),
      },
    ],
  })
  const { output } = await bundle.generate({ format: 'esm', minify: true })
  await bundle.close()
  return { ...chunkSizes(rolldownChunks(output)), builtins: [...new Set(builtins)] }
}

/**
 * Bundles `source` with esbuild's `build` function given, for the browser, minified, with code
 * splitting (so that a dynamic import becomes its own chunk, as with rolldown); imports resolve
 * from `resolveDir`; Node built-ins are left external and listed.
 */
export async function bundleEsbuild(build, source, { resolveDir = process.cwd() } = {}) {
  const { result, builtins } = await buildEsbuild(build, source, resolveDir)
  return { ...chunkSizes(esbuildChunks(result, resolveDir)), builtins }
}

/**
 * The esbuild build behind {@link bundleEsbuild}: its `result` (outputs and metafile) and the Node
 * built-ins left external, for measures that read the metafile themselves.
 */
export async function buildEsbuild(build, source, resolveDir) {
  const builtins = []
  const result = await build({
    entryPoints: ['entry'],
    absWorkingDir: resolveDir,
    outdir: resolve(resolveDir, '.size-out'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        setup(b) {
          b.onResolve({ filter: /^entry$/ }, () => ({ path: 'entry', namespace: 'entry' }))
          b.onLoad({ filter: /.*/, namespace: 'entry' }, () => ({
            contents: source,
            resolveDir,
            loader: 'js',
          }))
          b.onResolve({ filter: /.*/ }, (args) => {
            if (!isBuiltin(args.path)) return undefined
            builtins.push(args.path)
            return { path: args.path, external: true }
          })
        },
      },
    ],
  })
  return { result, builtins: [...new Set(builtins)] }
}
