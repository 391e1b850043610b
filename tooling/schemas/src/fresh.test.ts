// The committed schema files are what the generator writes now; `pnpm --filter
// @tradeline/schemas schemas` rewrites them (SCHEMAS_WRITE=1).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { allEndpoints } from './endpoints.js'
import { clients, generate, requestSchema, rulesDir } from './generate.js'
import { ruleTable, withTable } from './ruleTable.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const files = generate()
const dirs = [
  `${rulesDir}/requests`,
  rulesDir,
  ...Object.keys(clients).map((p) => `packages/${p}/schemas/records`),
]

/** The JSON files now in the generated folders. */
function onDisk(): string[] {
  return dirs.flatMap((dir) => {
    try {
      return readdirSync(join(root, dir))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${dir}/${name}`)
    } catch {
      return []
    }
  })
}

const readmePath = join(root, 'tooling/schemas/README.md')
const table = ruleTable(allEndpoints().map(requestSchema))

if (process.env.SCHEMAS_WRITE === '1') {
  writeFileSync(readmePath, withTable(readFileSync(readmePath, 'utf8'), table))
  for (const stale of onDisk()) if (!files.has(stale)) rmSync(join(root, stale))
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

describe('generated schemas', () => {
  test('no stale file is left in the generated folders', () => {
    expect(onDisk().filter((path) => !files.has(path))).toEqual([])
  })

  test('the README table of cross-field rules is what the request schemas say', () => {
    const readme = readFileSync(readmePath, 'utf8')
    expect(withTable(readme, table), 'run pnpm --filter @tradeline/schemas schemas').toBe(readme)
  })

  test.each([...files.keys()])('%s is up to date', (path) => {
    let committed: string | undefined
    try {
      committed = readFileSync(join(root, path), 'utf8')
    } catch {}
    expect(committed, `${path}: run pnpm --filter @tradeline/schemas schemas`).toBe(files.get(path))
  })
})
