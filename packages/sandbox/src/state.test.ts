import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createClock, createState, defaultInstruments } from './state.js'

const rsa = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const ec = generateKeyPairSync('ec', {
  namedCurve: 'P-256',
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
}).publicKey

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
    expect(state.instruments.get('SPOT', 'X')?.minOrderAmount).toBe('0.1')
    expect(state.prices.get('X')).toBe('1.25')
  })

  test('addKey with an RSA publicKey keeps the PEM and has no secret', () => {
    const state = createState({ seed: 2 })
    const key = state.addKey({ publicKey: rsa.publicKey })
    expect([key.publicKey, key.secret]).toEqual([rsa.publicKey, ''])
    expect(state.keys.get(key.apiKey)).toBe(key)
    expect('publicKey' in state.addKey({})).toBe(false)
  })

  test.each([
    ['a private key', () => rsa.privateKey, 'not a private key'],
    ['an EC public key', () => ec, 'this one is ec'],
    [
      'a damaged PEM',
      () => rsa.publicKey.replace(/\n[A-Za-z0-9+/]{8}/, '\n'),
      'this one cannot be read',
    ],
    [
      'text',
      () => 'ssh-rsa AAAA',
      'publicKey must be an RSA public key as PEM ("-----BEGIN PUBLIC KEY-----")',
    ],
  ])('addKey refuses %s as publicKey, and opens no account', (_, publicKey, message) => {
    const state = createState()
    expect(() => state.addKey({ uid: 'refused', publicKey: publicKey() })).toThrow(message)
    expect(state.accounts.has('refused')).toBe(false)
  })

  test('addKey refuses a secret and a publicKey together', () => {
    expect(() => createState().addKey({ secret: 's', publicKey: rsa.publicKey })).toThrow(
      'an API key has a secret (HMAC) or a publicKey (RSA), not both',
    )
  })

  test('addKey with a new uid opens the account', () => {
    const state = createState({ seed: 2 })
    const key = state.addKey({ uid: 'new', demo: true })
    expect(state.accounts.get('new')).toEqual({
      uid: 'new',
      positionMode: 'one_way',
      accountMode: 'unified',
    })
    expect(key.demo).toBe(true)
  })
})
