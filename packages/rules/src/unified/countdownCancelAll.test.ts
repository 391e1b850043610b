import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { countdownCancelAll } from './countdownCancelAll.js'

const types = (countdown: unknown) =>
  (Endpoint.check(countdownCancelAll, { countdown }).issues ?? []).map((issue) => issue.type)

describe('countdownCancelAll', () => {
  test('endpoint id, method and path', () => {
    expect([countdownCancelAll.id, countdownCancelAll.method, countdownCancelAll.path]).toEqual([
      'unified.countdownCancelAll',
      'POST',
      '/api/v3/trade/countdown-cancel-all',
    ])
  })

  test.each(['5', '10', '60'])('countdown "seconds; integer in [5,60]": %s passes', (value) => {
    expect(types(value)).toEqual([])
  })

  test.each(['4', '61', '1'])('countdown "integer in [5,60]": %s is out of range', (value) => {
    expect(types(value)).toEqual(['range'])
  })

  test('countdown "`0` disables"', () => {
    expect(types('0')).toEqual([])
  })

  test('countdown | string: numbers and non-integers are rejected, one issue each', () => {
    expect(types(10)).toEqual(['type'])
    expect(types('10.5')).toEqual(['format'])
    expect(types('05')).toEqual(['format'])
    expect(types(undefined)).toEqual(['missing'])
  })

  test('a whole message for an out-of-range countdown', () => {
    expect(Endpoint.check(countdownCancelAll, { countdown: '3' }).issues).toMatchInlineSnapshot(`
      [
        {
          "expected": ""0" or an integer from 5 to 60",
          "message": "countdown: expected "0" or an integer from 5 to 60, received "3"",
          "path": [
            "countdown",
          ],
          "received": ""3"",
          "type": "range",
        },
      ]
    `)
  })
})
