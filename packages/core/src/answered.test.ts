import { describe, expect, test } from 'vitest'
import { answeredIds } from './answered.js'

describe('answeredIds', () => {
  test('each client has its own ids, the newest `max` kept; an empty or non-string id is ignored', () => {
    const answered = answeredIds(2)
    const [a, b] = [{}, {}]
    for (const id of ['1', '2', '3']) answered.remember(a, id)
    answered.remember(a, '')
    answered.remember(a, 4)
    expect(['1', '2', '3', '', '4'].map((id) => answered.has(a, id))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ])
    expect(answered.has(b, '3')).toBe(false)
  })
})
