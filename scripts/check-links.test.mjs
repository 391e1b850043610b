// The link check finds what it must and passes what resolves: run with `node --test scripts/`.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { test } from 'node:test'
import { check, slug } from './check-links.mjs'

/** A tree of `files` (path -> text) in a fresh directory; returns its root and file list. */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'check-links-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return { root, files: Object.keys(files) }
}

const problemsOf = (files) => {
  const { root, files: list } = tree(files)
  return check(root, list).map(({ file, line, problem }) => `${file}:${line}: ${problem}`)
}

test('links that resolve, headings that exist, code and external links: no problem', () => {
  assert.deepEqual(
    problemsOf({
      'README.md':
        '# Top\n\nSee [docs](docs/a.md#one-two) and [home](https://example.com).\n\n```md\n[x](nowhere.md)\n```\n`[y](nowhere.md)`\n',
      'docs/a.md': '# One, two\n\n[back](../README.md#top) [self](#one-two)\n',
      'src/x.ts':
        '/** See [the docs](../docs/a.md) and {@link ../docs/a.md}, {@link Foo}. */\nexport const x = 1\n',
    }),
    [],
  )
})

test('a broken link, a missing heading and a link outside the repository are each reported', () => {
  assert.deepEqual(
    problemsOf({
      'README.md': '[a](missing.md)\n[b](docs/a.md#nope)\n[c](../../elsewhere/DOC.md)\n',
      'docs/a.md': '# Title\n',
      'src/x.ts': '/**\n * {@link ./gone.ts}\n */\nexport const x = 1\n',
    }),
    [
      'README.md:1: a broken link: missing.md',
      'README.md:2: no heading #nope in docs/a.md',
      'README.md:3: a link outside the repository: ../../elsewhere/DOC.md',
      'src/x.ts:2: a broken link: ./gone.ts',
    ],
  )
})

test('mentions of notes a clone does not hold, issue numbers and specification citations are reported', () => {
  const found = problemsOf({
    'a.md': [
      'see ../' + 'shared/notes',
      'DESIGN' + '.md says',
      'STYLE' + '.md',
      'EXCHANGE-' + 'RECORDS',
      'EXCHANGE-' + 'FACTS',
      'fixed in issue' + ' 12',
      'issue' + ' #3',
      'spec' + ' Part A',
      "test('spec" + ': "x"\')',
      'the issue' + '-15 proofs',
      'issues' + ' 26 and 28',
    ].join('\n'),
  })
  assert.equal(found.length, 11)
  assert.deepEqual(
    found.map((p) => Number(p.split(':')[1])),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  )
})

test('a mention wrapped onto the next line of a comment is reported once, at its first line', () => {
  const found = problemsOf({
    'a.ts': ['// in the manner of issue', "// 15's campaign", '// fixed', '// issue' + ' 12'].join(
      '\n',
    ),
  })
  assert.deepEqual(
    found.map((p) => Number(p.split(':')[1])),
    [1, 4],
  )
})

test('released history (CHANGELOG.md) is exempt from the mention check, not from the link check', () => {
  assert.deepEqual(problemsOf({ 'CHANGELOG.md': `${'issue'} 12 fixed\n[x](gone.md)\n` }), [
    'CHANGELOG.md:2: a broken link: gone.md',
  ])
})

test("GitHub's heading slugs", () => {
  assert.equal(slug('Signing and headers'), 'signing-and-headers')
  assert.equal(
    slug('Unified account (`/api/v3`, `@tradeline/unified`)'),
    'unified-account-apiv3-tradelineunified',
  )
})
