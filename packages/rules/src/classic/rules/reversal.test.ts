import { describe, expect, test } from 'vitest'
import { reverse } from './reversal.js'

describe('reverse', () => {
  test('size smaller than the position closes that size and opens the same size on the other side (long 20, size 3: long becomes 17 and a short of 3 opens)', () => {
    expect(
      reverse({ mode: 'hedge', positions: { long: '20', short: '0' }, side: 'buy', size: '3' }),
    ).toEqual({ positions: { long: '17', short: '3' }, reversed: '3' })
  })

  test.each(['20', '25'])(
    'size equal to or above the position reverses the whole position (size %s)',
    (size) => {
      expect(
        reverse({ mode: 'hedge', positions: { long: '20', short: '0' }, side: 'buy', size }),
      ).toEqual({ positions: { long: '0', short: '20' }, reversed: '20' })
    },
  )

  test('hedge mode: buy reverses long into short, sell reverses short into long', () => {
    const positions = { long: '5', short: '8' }
    expect(reverse({ mode: 'hedge', positions, side: 'buy' }).positions).toEqual({
      long: '0',
      short: '13',
    })
    expect(reverse({ mode: 'hedge', positions, side: 'sell', size: '2.5' }).positions).toEqual({
      long: '7.5',
      short: '5.5',
    })
  })

  test('one-way mode without size reverses the whole position', () => {
    expect(
      reverse({ mode: 'one_way', positions: { long: '0', short: '4' }, side: 'sell' }),
    ).toEqual({
      positions: { long: '4', short: '0' },
      reversed: '4',
    })
    expect(reverse({ mode: 'one_way', positions: { long: '4', short: '0' }, side: 'buy' })).toEqual(
      {
        positions: { long: '0', short: '4' },
        reversed: '4',
      },
    )
  })

  test('decision: one-way mode reverses the whole held position also with a size, and whatever the side', () => {
    expect(
      reverse({ mode: 'one_way', positions: { long: '4', short: '0' }, side: 'sell', size: '1' }),
    ).toEqual({ positions: { long: '0', short: '4' }, reversed: '4' })
  })

  test('no position on the reversed side: nothing changes', () => {
    expect(
      reverse({ mode: 'hedge', positions: { long: '0', short: '3' }, side: 'buy', size: '1' }),
    ).toEqual({ positions: { long: '0', short: '3' }, reversed: '0' })
  })
})
