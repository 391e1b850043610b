// Installs the packed packages in a scratch folder, as a user's project holds them, and compiles
// the README examples there with `tsc` (strict): `pnpm pack` of every package an example imports
// (workspace ranges replaced by versions, only the files `files` ships), each tarball unpacked
// under node_modules/@tradeline/, their third-party dependencies linked from the pnpm store
// (offline; release:verify installs the same tarballs' contents from a registry). The examples
// compile to JavaScript in out/ and run with node from there.
//
// `node scripts/packed.mjs` prints the diagnostics and the folder; the test (test/readme.test.ts)
// calls `preparePacked()` and runs out/*.js.
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('..', import.meta.url))
const root = join(folder, '..')
const tsc = createRequire(join(folder, 'package.json')).resolve('typescript/bin/tsc')

/** The packages the examples import (this folder's @tradeline dependencies). */
function workspacePackages() {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))
  return Object.keys(manifest.dependencies).filter((name) => name.startsWith('@tradeline/'))
}

const folderOf = (name) => {
  const dir = join(root, 'packages', name.replace('@tradeline/', ''))
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`no folder for ${name}`)
  return dir
}

/** The compiler options a strict user project uses (the repository's, emitting JavaScript). */
export const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: true,
  types: ['node'],
  outDir: 'out',
  rootDir: '.',
}

/**
 * Packs, installs and compiles; returns `{ dir, out, diagnostics, ms }` (diagnostics as tsc
 * prints them, one per line, `FILE(LINE,COL): error TSnnnn: …`). `out` holds NAME.js for every
 * example NAME.ts (tsc emits even when a diagnostic is reported).
 */
export function preparePacked() {
  const started = performance.now()
  const dir = mkdtempSync(join(tmpdir(), 'tradeline-readme-'))
  const tarballs = join(dir, 'tarballs')
  const modules = join(dir, 'node_modules')
  mkdirSync(tarballs)
  mkdirSync(join(modules, '@tradeline'), { recursive: true })
  const linked = new Set()
  const link = (name, from) => {
    if (linked.has(name) || existsSync(join(modules, name))) return
    const target = join(from, 'node_modules', name)
    if (!existsSync(target)) throw new Error(`${name} is not installed in ${from}`)
    mkdirSync(dirname(join(modules, name)), { recursive: true })
    symlinkSync(realpathSync(target), join(modules, name), 'dir')
    linked.add(name)
  }
  for (const name of workspacePackages()) {
    const source = folderOf(name)
    const before = new Set(readdirSync(tarballs))
    execFileSync('pnpm', ['pack', '--pack-destination', tarballs], {
      cwd: source,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const tarball = readdirSync(tarballs).find((file) => !before.has(file))
    if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${name}`)
    const target = join(modules, name)
    mkdirSync(target)
    execFileSync('tar', ['-xzf', join(tarballs, tarball), '-C', target, '--strip-components=1'])
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'))
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies }
    for (const dep of Object.keys(deps))
      if (!dep.startsWith('@tradeline/') && existsSync(join(source, 'node_modules', dep)))
        link(dep, source)
  }
  // What the examples themselves use besides the packages: ioredis, Node's types.
  for (const dep of ['ioredis', '@types/node']) link(dep, folder)
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'readme-examples-app', private: true, type: 'module' }, null, 2)}\n`,
  )
  const examples = readdirSync(folder).filter((file) => /^[\w-]+\.ts$/.test(file))
  for (const file of examples) copyFileSync(join(folder, file), join(dir, file))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions, include: ['*.ts'] }, null, 2)}\n`,
  )
  let output = ''
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    output = `${error.stdout ?? ''}${error.stderr ?? ''}`
  }
  const diagnostics = output.split('\n').filter((line) => /^\S+\(\d+,\d+\): error TS\d+/.test(line))
  if (output.trim() !== '' && diagnostics.length === 0) throw new Error(`tsc failed: ${output}`)
  return {
    dir,
    out: join(dir, 'out'),
    examples,
    diagnostics,
    ms: performance.now() - started,
  }
}

/** Removes the scratch folder. */
export function removePacked(dir) {
  rmSync(dir, { recursive: true, force: true })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dir, examples, diagnostics, ms } = preparePacked()
  for (const line of diagnostics) console.log(line)
  console.log(
    `${examples.length} examples compiled against the packed packages in ${dir} (${(ms / 1000).toFixed(1)} s): ${diagnostics.length} error(s)`,
  )
}
