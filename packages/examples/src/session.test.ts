import { describe, expect, test } from 'vitest'
import { runDemo } from './session.js'

describe('runDemo', () => {
  test('every step of the demo session behaves as the demo says', async () => {
    const { rows, failures } = await runDemo()
    expect(failures).toBe(0)
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'])
    expect(rows.find((row) => row[0] === '5')?.[2]).toContain('40012')
  })
})
