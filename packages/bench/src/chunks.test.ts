// The chunk counting of every size measure (scripts/lib/bundle-size.mjs): what a page loads at
// start is the entry chunk and every chunk it imports statically, transitively; chunks reached
// only through `import()` are counted apart. Checked on synthetic chunk graphs and on a small
// fixture bundle (./fixtures/chunks: a static and a dynamic import) built by both bundlers the
// size scripts use.
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { type Chunk, chunkSizes, gzipBytes, walkChunks } from '../../../scripts/lib/bundle-size.mjs'
import { bundleEsbuild, bundleRolldown } from '../../unified/scripts/size.mjs'

const chunk = (
  fileName: string,
  imports: string[] = [],
  dynamicImports: string[] = [],
  isEntry = false,
): Chunk => ({ fileName, code: `/* ${fileName} */`, isEntry, imports, dynamicImports })
const names = (chunks: Chunk[]) => chunks.map((c) => c.fileName).sort()

describe('the chunk walk', () => {
  test('static imports are followed transitively; dynamic ones and what they reach are lazy', () => {
    const { start, lazy } = walkChunks([
      chunk('entry.js', ['a.js'], ['c.js'], true),
      chunk('a.js', ['b.js']),
      chunk('b.js'),
      chunk('c.js', ['d.js', 'a.js'], ['e.js']),
      chunk('d.js'),
      chunk('e.js'),
      chunk('unused.js'),
    ])
    expect(names(start)).toEqual(['a.js', 'b.js', 'entry.js'])
    // a.js is imported by the lazy c.js too, but it is loaded at start already.
    expect(names(lazy)).toEqual(['c.js', 'd.js', 'e.js'])
  })

  test('a chunk imported both ways is loaded at start; cycles end; externals add nothing', () => {
    const { start, lazy } = walkChunks([
      chunk('entry.js', ['send.js', 'node:crypto'], ['send.js', 'undici.js'], true),
      chunk('send.js', [], ['undici.js']),
      chunk('undici.js', ['send.js']),
    ])
    expect(names(start)).toEqual(['entry.js', 'send.js'])
    expect(names(lazy)).toEqual(['undici.js'])
  })

  test('each chunk is gzipped on its own and the sizes summed, as a browser fetches each file', () => {
    const chunks = [
      chunk('entry.js', ['send.js'], ['undici.js'], true),
      chunk('send.js'),
      chunk('undici.js'),
    ]
    const size = chunkSizes(chunks)
    const gz = (i: number) => gzipBytes((chunks[i] as Chunk).code)
    expect(size.startGz).toBe(gz(0) + gz(1))
    expect(size.lazyGz).toBe(gz(2))
    expect(size.startFiles).toEqual(['entry.js', 'send.js'])
    expect(size.code).toBe('/* entry.js */\n/* send.js */')
  })

  test('one entry chunk per page', () => {
    expect(() => walkChunks([chunk('a.js', [], [], true), chunk('b.js', [], [], true)])).toThrow(
      'one entry chunk; got 2',
    )
  })
})

const entry = fileURLToPath(new URL('./fixtures/chunks/entry.js', import.meta.url))
const source = `export * from ${JSON.stringify(entry)}`

describe.each([
  ['rolldown', bundleRolldown],
  ['esbuild', bundleEsbuild],
])('a fixture bundle with a static and a dynamic import, %s', (_, bundle) => {
  test('the statically imported chunk is counted at start, the dynamic ones apart', async () => {
    const size = await bundle(source)
    // The module both the entry and the lazy module import is a chunk of its own, which the
    // count of the entry chunk alone used to leave out.
    expect(size.startFiles).toHaveLength(2)
    expect(size.code).toContain('entry-marker')
    expect(size.code).toContain('shared-marker')
    expect(size.code).not.toContain('lazy-marker')
    expect(size.lazyFiles).toHaveLength(2)
    const entryOnly = gzipBytes(size.code.split('\n')[0] as string)
    expect(size.startGz).toBeGreaterThan(entryOnly)
    expect(size.lazyGz).toBeGreaterThan(0)
    expect(size.builtins).toEqual([])
  })
})
