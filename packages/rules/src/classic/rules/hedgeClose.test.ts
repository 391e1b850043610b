import { describe, expect, test } from 'vitest'
import { settleHedgeClose } from './hedgeClose.js'

const limit70 = [{ orderId: 'l', size: '70' }]

describe('settleHedgeClose', () => {
  test('decision: "the sandbox closes only the remainder by default" — classic order rule 3: "position 100, limit occupying 70, market close 50 closes 30"', () => {
    expect(
      settleHedgeClose({ position: '100', pending: limit70, size: '50', orderType: 'market' }),
    ).toEqual({ ok: true, size: '30', cancel: [] })
  })

  test('decision: "and can be set to the error behaviour" — classic order rule 3: "one published statement says an insufficient-position error is returned"', () => {
    expect(
      settleHedgeClose({
        position: '100',
        pending: limit70,
        size: '50',
        orderType: 'market',
        mode: 'error',
      }),
    ).toEqual({ ok: false, error: 'insufficient_position', cancel: [] })
  })

  test('classic order rule 3: "the limit order is kept" — a market close within the remainder closes in full', () => {
    for (const mode of ['remainder', 'error'] as const)
      expect(
        settleHedgeClose({
          position: '100',
          pending: limit70,
          size: '30',
          orderType: 'market',
          mode,
        }),
      ).toEqual({ ok: true, size: '30', cancel: [] })
  })

  test('classic order rule 4: "when the limit close order already equals the held position, a newly added close order cancels that limit order"', () => {
    const full = [{ orderId: 'all', size: '100' }]
    expect(
      settleHedgeClose({ position: '100', pending: full, size: '50', orderType: 'market' }),
    ).toEqual({ ok: true, size: '50', cancel: ['all'] })
    expect(
      settleHedgeClose({
        position: '100',
        pending: full,
        size: '40',
        orderType: 'limit',
        mode: 'error',
      }),
    ).toEqual({ ok: true, size: '40', cancel: ['all'] })
  })

  test('decision: with nothing left to close (orders filling the position without one equal to it) the market close gets the error', () => {
    const split = [
      { orderId: 'a', size: '60' },
      { orderId: 'b', size: '40' },
    ]
    expect(
      settleHedgeClose({ position: '100', pending: split, size: '10', orderType: 'market' }),
    ).toEqual({ ok: false, error: 'insufficient_position', cancel: [] })
  })

  test('decision: a limit close larger than the remainder is rejected (rule 3 speaks of market closes only)', () => {
    expect(
      settleHedgeClose({ position: '100', pending: limit70, size: '50', orderType: 'limit' }),
    ).toEqual({ ok: false, error: 'insufficient_position', cancel: [] })
  })

  test('decimal sizes are exact', () => {
    expect(
      settleHedgeClose({
        position: '0.3',
        pending: [{ orderId: 'l', size: '0.1' }],
        size: '0.25',
        orderType: 'market',
      }),
    ).toEqual({ ok: true, size: '0.2', cancel: [] })
  })
})
