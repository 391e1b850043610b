// The bundler layout (dist/modules) imports a workspace package's namespaces from their own
// modules. A named import of a namespace that a package re-exports with `export * as X`
// (`import { Unified } from '@tradeline/rules'`) makes esbuild keep every member of it, used or
// not (evanw/esbuild#1420): measured 4.3 kB gzipped of createUnifiedClient's browser bundle.
// A namespace import of the module itself (`import * as Unified from
// '@tradeline/rules/modules/Unified.js'`) is tree-shaken member by member by esbuild and rolldown
// alike. The rewrite touches only the emitted JavaScript of dist/modules, which bundlers reach
// through the `module` export condition, the same condition under which a package exports
// `./modules/*`; the sources, the types and the Node build keep the named imports.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/**
 * The namespaces that the bundler layout of package `name` (resolved from `dir`) re-exports with
 * `export * as`: `{ Unified: 'Unified.js', ... }`; none when the package does not export
 * `./modules/*`.
 */
export function namespacesOf(dir, name) {
  const root = resolve(dir, 'node_modules', name)
  const manifest = join(root, 'package.json')
  if (!existsSync(manifest)) return {}
  if (!JSON.parse(readFileSync(manifest, 'utf8')).exports?.['./modules/*']) return {}
  const index = join(root, 'dist/modules/index.js')
  if (!existsSync(index)) return {}
  const found = {}
  for (const match of readFileSync(index, 'utf8').matchAll(
    /export \* as (\w+) from '\.\/([\w/.-]+\.js)'/g,
  ))
    found[match[1]] = match[2]
  return found
}

/**
 * `code` with every named import of a namespace of a package in `namespaces` (`{ package: {
 * Name: 'file.js' } }`) turned into a namespace import of that namespace's module; the other
 * names of the statement stay in a named import.
 */
export function rewriteNamespaceImports(code, namespaces) {
  return code.replace(
    /import\s*\{([^}]*)\}\s*from\s*'(@tradeline\/[\w-]+)'\s*;/g,
    (statement, list, name) => {
      const own = namespaces[name]
      if (!own) return statement
      const kept = []
      const direct = []
      for (const item of list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const [imported, local = imported] = item.split(/\s+as\s+/)
        if (Object.hasOwn(own, imported))
          direct.push(`import * as ${local} from '${name}/modules/${own[imported]}';`)
        else kept.push(item)
      }
      if (direct.length === 0) return statement
      return [
        ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from '${name}';`] : []),
        ...direct,
      ].join('\n')
    },
  )
}

/**
 * The entries of package `name` (resolved from `dir`) that are slices of its main entry, by their
 * bundler-layout module under `dist/modules/entries/`: `['shared', 'unified', ...]` of the rules.
 */
export function slicesOf(dir, name) {
  const manifest = join(resolve(dir, 'node_modules', name), 'package.json')
  if (!existsSync(manifest)) return []
  const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports ?? {}
  return Object.entries(exports)
    .filter(([, target]) => String(target?.module ?? '').startsWith('./dist/modules/entries/'))
    .map(([key]) => key.slice(2))
}

/**
 * `code` with every import or re-export from a slice of a package's main entry (`{ package:
 * ['shared', ...] }`) taken from the main entry itself. The slices serve Node, which loads one
 * line's rules from them; a bundler tree-shakes the main entry, and importing it keeps the
 * order in which a bundle lays out its modules, which moves the gzipped size (measured: the
 * unified client 0.1 to 0.5 kB larger through the slices, with the same minified bytes).
 */
export function rewriteSliceImports(code, slices) {
  return code.replace(
    /(\bfrom\s*')(@tradeline\/[\w-]+)\/([\w-]+)(')/g,
    (statement, from, name, slice, quote) =>
      slices[name]?.includes(slice) ? `${from}${name}${quote}` : statement,
  )
}

/** Rewrites every .js file under `dir`/dist/modules for the workspace packages it imports. */
export function rewriteModules(dir) {
  const manifest = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8'))
  const names = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
    (name) => name.startsWith('@tradeline/'),
  )
  const namespaces = Object.fromEntries(names.map((name) => [name, namespacesOf(dir, name)]))
  const slices = Object.fromEntries(names.map((name) => [name, slicesOf(dir, name)]))
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.js')) {
        const code = readFileSync(path, 'utf8')
        const next = rewriteNamespaceImports(rewriteSliceImports(code, slices), namespaces)
        if (next !== code) writeFileSync(path, next)
      }
    }
  }
  const modules = resolve(dir, 'dist/modules')
  if (existsSync(modules)) walk(modules)
}
