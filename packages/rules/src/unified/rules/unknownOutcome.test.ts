import { describe, expect, test } from 'vitest'
import { isUnknownOutcome, unknownOutcomeCodes } from './unknownOutcome.js'

describe('unknownOutcomeCodes', () => {
  test('unified order rule 9: "When the call fails with code `40010`, `40725` or `45001`, the outcome is unknown"', () => {
    expect(unknownOutcomeCodes).toEqual(['40010', '40725', '45001'])
  })
})

describe('isUnknownOutcome', () => {
  test.each([
    ['40010', true],
    ['40725', true],
    ['45001', true],
    ['00000', false],
    ['40762', false],
    ['4001', false],
  ])(
    'unified order rule 9: %s -> %s ("must be checked by querying the order by clientOid")',
    (code, unknown) => {
      expect(isUnknownOutcome(code)).toBe(unknown)
    },
  )
})
