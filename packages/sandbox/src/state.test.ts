import { describe, expect, test } from 'vitest'
import { createClock, createState, defaultInstruments } from './state.js'

describe('createClock', () => {
  test('adds the advanced offset to the injected clock', () => {
    let base = 1000
    const clock = createClock({ now: () => base })
    clock.advance(250)
    base = 2000
    expect({ now: clock.now(), offset: clock.offset }).toEqual({ now: 2250, offset: 250 })
    expect(() => clock.advance(-1)).toThrow(RangeError)
  })
})

describe('createState', () => {
  test('starts with one trade_rw key of one account, the default instruments and prices', () => {
    const state = createState({ seed: 1 })
    const [key] = [...state.keys.values()]
    expect(key).toMatchObject({ permissions: ['trade_rw'], demo: false })
    expect(state.accounts.has(key?.uid ?? '')).toBe(true)
    expect([...state.instruments.values()]).toEqual(defaultInstruments)
    expect(state.prices.get('BTCUSDT')).toBe('65000.0')
  })

  test('takes seed data', () => {
    const state = createState({
      data: {
        accounts: [{ uid: '7', positionMode: 'hedge' }],
        keys: [{ apiKey: 'k', secret: 's', passphrase: 'p', permissions: ['trade_ro'] }],
        instruments: [{ symbol: 'X', category: 'SPOT', minOrderAmount: '0.1' }],
        prices: { X: '1.25' },
      },
    })
    expect(state.keys.get('k')).toMatchObject({ uid: '7', secret: 's', permissions: ['trade_ro'] })
    expect(state.instruments.get('X')?.minOrderAmount).toBe('0.1')
    expect(state.prices.get('X')).toBe('1.25')
  })

  test('addKey with a new uid opens the account', () => {
    const state = createState({ seed: 2 })
    const key = state.addKey({ uid: 'new', demo: true })
    expect(state.accounts.get('new')).toEqual({ uid: 'new', positionMode: 'one_way' })
    expect(key.demo).toBe(true)
  })
})
