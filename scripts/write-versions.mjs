#!/usr/bin/env node
// Writes src/version.ts of every public package from its package.json, so each package exports
// the `version` it was published as (the transport sends it in the User-Agent). Run by
// `pnpm version-packages` right after `changeset version`; `--check` only reports stale files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')

/** The public packages: `packages/*` not marked private. */
export function publicPackages(base = root) {
  const dir = join(base, 'packages')
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => existsSync(join(path, 'package.json')))
    .map((path) => ({
      path,
      manifest: JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')),
    }))
    .filter(({ manifest }) => manifest.private !== true)
}

/** The text of src/version.ts for a package. */
export function versionSource(name, version) {
  return `// Written by scripts/write-versions.mjs (\`pnpm version-packages\`) from package.json: do not edit.

/** The version of ${name}, as in its package.json. */
export const version = '${version}'
`
}

/** Writes (or with `check`, compares) every src/version.ts; returns the stale ones. */
export function writeVersions({ base = root, check = false } = {}) {
  const stale = []
  for (const { path, manifest } of publicPackages(base)) {
    const file = join(path, 'src/version.ts')
    const text = versionSource(manifest.name, manifest.version)
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue
    stale.push(`${manifest.name}@${manifest.version}`)
    if (!check) writeFileSync(file, text)
  }
  return stale
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  const stale = writeVersions({ check })
  if (check && stale.length > 0) {
    console.error(
      `src/version.ts is stale for ${stale.join(', ')}: run node scripts/write-versions.mjs`,
    )
    process.exit(1)
  }
  if (!check)
    console.log(
      stale.length
        ? `wrote src/version.ts: ${stale.join(', ')}`
        : 'every src/version.ts is current',
    )
}
