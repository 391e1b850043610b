import { describe, expect, test } from 'vitest'
import { plainWords } from './plain.js'

describe('plainWords', () => {
  test('puts a plain word beside each wire value the first time it appears in a line', () => {
    expect(plainWords('filled @ 60000 (buy_single); position net 0.01')).toBe(
      'filled @ 60000 (buy_single: one-way buy); position net 0.01',
    )
    expect(plainWords('click-backhand, hedge: long 0.02')).toBe(
      'click-backhand (reverse the position), hedge: long 0.02',
    )
    expect(plainWords('pending loss_plan @ 63000, profit_plan @ 66000; loss_plan cancelled')).toBe(
      'pending loss_plan (stop-loss) @ 63000, profit_plan (take-profit) @ 66000; loss_plan cancelled',
    )
  })

  test('leaves words that only contain a wire value alone', () => {
    expect(plainWords('LOW crossed_out xbuy_single')).toBe('LOW crossed_out xbuy_single')
  })
})
