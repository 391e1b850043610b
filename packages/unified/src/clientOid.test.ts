import { describe, expect, test } from 'vitest'
import { createClientOid } from './clientOid.js'

describe('createClientOid', () => {
  test('decision: "generated ids use only characters both accept (`[A-Za-z0-9_-]`)" — and fit 1 to 32 characters', () => {
    const patternA = /^[0-9A-Za-z_:#\-+\s]{1,32}$/
    const patternB = /^[.A-Z:/a-z0-9_-]{1,32}$/
    const ids = Array.from({ length: 2000 }, createClientOid)
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/)
      expect(id).toMatch(patternA)
      expect(id).toMatch(patternB)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('every character of the alphabet occurs (the ids are not from a narrower set)', () => {
    const seen = new Set(Array.from({ length: 500 }, createClientOid).join(''))
    expect(seen.size).toBe(64)
  })
})
