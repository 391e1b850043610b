import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, inject, test } from 'vitest'

/** Every file of a folder, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

describe('production bundle', () => {
  test('the JavaScript of the page at most 30 kB gzipped', () => {
    const scripts = files(inject('dist')).filter((file) => file.endsWith('.js'))
    const gzipped = scripts.reduce((sum, file) => sum + gzipSync(readFileSync(file)).byteLength, 0)
    expect(scripts.length).toBeGreaterThan(0)
    expect(gzipped).toBeLessThanOrEqual(30 * 1024)
  })
})
