// The import of each client in Node loads only the rules it uses: the shared entry of
// @tradeline/rules and its own line's entry, never the code only another line needs (the
// import-time goal: V8 compiles every byte a fresh process loads). Each package is imported in a
// fresh Node process with a module hook that records every file of the rules it loads.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'

const packages = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const rulesDist = resolve(packages, 'rules/dist')

/** Every file a built file of the rules loads, itself included (its relative static imports). */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const code = readFileSync(file, 'utf8')
  for (const match of code.matchAll(/(?:import|export)[^'"]*?from\s*["'](\.[^"']+)["']/g))
    loadedBy(resolve(dirname(file), match[1] as string), seen)
  return seen
}

const hook = `export async function load(url, context, next) {
  if (url.includes('/rules/dist/') || url.includes('/valibot/')) process._rawDebug('LOADED ' + url)
  return next(url, context)
}`

/** The files of the rules a fresh Node process loads when it imports the built `entry`. */
function rulesFilesOf(entry: string): Set<string> {
  const script = `import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}))
await import(${JSON.stringify(pathToFileURL(entry).href)})`
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  })
  if (run.status !== 0) throw new Error(`importing ${entry} failed: ${run.stderr}`)
  return new Set(
    [...run.stderr.matchAll(/^LOADED (\S+)$/gm)].map((m) => fileURLToPath(m[1] as string)),
  )
}

const rulesOf = (entry: string) => loadedBy(resolve(rulesDist, `entries/${entry}.js`))

describe('a client imported in Node loads the rules of its own line only', () => {
  test.each([
    ['core', []],
    ['rate-limit', []],
    ['unified', ['unified']],
    ['classic-futures', ['classic-futures']],
    ['securities', ['securities']],
    ['savings', ['savings']],
  ] as const)('@tradeline/%s', (name, lines) => {
    const expected = new Set([...rulesOf('shared'), ...lines.flatMap((l) => [...rulesOf(l)])])
    const loaded = rulesFilesOf(resolve(packages, name, 'dist/index.js'))
    // valibot is bundled into the Node files, tree-shaken: its own 206 kB file is never loaded.
    expect([...loaded].filter((file) => file.includes('/valibot/'))).toEqual([])
    expect([...loaded].sort()).toEqual([...expected].sort())
    // Less than the whole package: the main entry loads files this import did not.
    const everything = loadedBy(resolve(rulesDist, 'index.js'))
    expect([...everything].filter((file) => !loaded.has(file)).length).toBeGreaterThan(0)
  })
})

/** Every .js file under `folder`. */
function jsFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => resolve(folder, file))
}

describe('the bundler layout (dist/modules) imports the main entry of the rules, not its slices', () => {
  // The slices serve Node; through them a bundle lays out its modules in another order, and the
  // gzipped unified client measured 0.1 to 0.5 kB larger with the same minified bytes.
  test.each(['core', 'rate-limit', 'unified', 'classic-futures', 'securities', 'savings'])(
    '@tradeline/%s',
    (name) => {
      const files = jsFiles(resolve(packages, name, 'dist/modules'))
      expect(files.length).toBeGreaterThan(0)
      const slices = files.filter((file) =>
        /from\s*'@tradeline\/rules\/(shared|unified|classic-futures|securities|savings)'/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      expect(slices).toEqual([])
    },
  )
})

describe('the licences of bundled code ship with it', () => {
  test.each(['rules', 'core', 'unified', 'classic-futures', 'securities', 'savings'])(
    "@tradeline/%s: dist/THIRD_PARTY_NOTICES.md has valibot's MIT notice",
    (name) => {
      const notices = readFileSync(resolve(packages, name, 'dist/THIRD_PARTY_NOTICES.md'), 'utf8')
      expect(notices).toContain('## valibot')
      expect(notices).toContain('Copyright (c) Fabian Hiller')
    },
  )
})
