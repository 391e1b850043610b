/** "must not depend on unified or classic-futures": checked on the manifest and on what dist imports. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const own = fileURLToPath(new URL('..', import.meta.url))

describe('package', () => {
  test('no dependency on @tradeline/unified or @tradeline/classic-futures', () => {
    const manifest = JSON.parse(readFileSync(join(own, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([
      '@tradeline/core',
      '@tradeline/rate-limit',
      '@tradeline/rules',
      'valibot',
    ])
    const dist = join(own, 'dist')
    if (!existsSync(dist)) return
    const files = readdirSync(dist, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'))
    for (const file of files)
      expect(readFileSync(join(dist, file), 'utf8')).not.toMatch(
        /@tradeline\/(unified|classic-futures)/,
      )
  })
})
