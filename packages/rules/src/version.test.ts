import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { version } from './index.js'

test('the exported version is the one in package.json (written by pnpm version-packages)', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  expect(version).toMatch(/^\d+\.\d+\.\d+/)
  expect(version).toBe(manifest.version)
})
