/**
 * The TypeDoc plugin of scripts/typedoc-same-comment.mjs drops "multiple declarations with a
 * comment" only when every listed declaration is the same place; any other warning passes.
 */
import { expect, test } from 'vitest'
// @ts-expect-error: a plain ES module of the repository's scripts, without declarations
import { load } from '../../scripts/typedoc-same-comment.mjs'

function fakeApp() {
  const printed: string[] = []
  const logger = {
    warn: (text: string) => printed.push(`warn ${text}`),
    info: (text: string) => printed.push(`info ${text}`),
    error: (text: string) => printed.push(`error ${text}`),
    verbose: (text: string) => printed.push(`verbose ${text}`),
  }
  load({ logger })
  return { logger, printed }
}

test('one comment counted twice (the same file and line) is not a warning', () => {
  const { logger, printed } = fakeApp()
  logger.warn('status has multiple declarations with a comment. An arbitrary comment will be used')
  logger.info('The comments for status are declared at:\n\t./a.ts:69\n\t./a.ts:69')
  logger.info('Merging converted projects')
  expect(printed).toEqual(['info Merging converted projects'])
})

test('two different comments still warn, with their places', () => {
  const { logger, printed } = fakeApp()
  logger.warn('qty has multiple declarations with a comment. An arbitrary comment will be used')
  logger.info('The comments for qty are declared at:\n\t./a.ts:3\n\t./b.ts:9')
  expect(printed).toEqual([
    'warn qty has multiple declarations with a comment. An arbitrary comment will be used',
    'info The comments for qty are declared at:\n\t./a.ts:3\n\t./b.ts:9',
  ])
})

test('other warnings pass, and a held warning is not lost when no place list follows', () => {
  const { logger, printed } = fakeApp()
  logger.warn('Failed to resolve link to "Foo"')
  logger.warn('x has multiple declarations with a comment. An arbitrary comment will be used')
  logger.error('boom')
  expect(printed).toEqual([
    'warn Failed to resolve link to "Foo"',
    'warn x has multiple declarations with a comment. An arbitrary comment will be used',
    'error boom',
  ])
})
