import { ValidationError } from '@tradeline/core'
import { describe, expect, test } from 'vitest'
import { createUnifiedBaseClient } from '../createUnifiedBaseClient.js'
import { createUnifiedStream, streamUrl } from './createUnifiedStream.js'
import { readPush } from './records.js'

const client = createUnifiedBaseClient({ baseUrl: 'http://127.0.0.1:9' })

describe('createUnifiedStream', () => {
  test('bad input: no credentials, or an RSA key (the login is HMAC only), is a ValidationError naming the field; nothing is opened', () => {
    const none = (() => {
      try {
        createUnifiedStream(client, {})
      } catch (error) {
        return error
      }
    })()
    expect(ValidationError.isInstance(none)).toBe(true)
    expect((none as ValidationError).issues[0]?.path).toEqual(['credentials'])
    const rsa = (() => {
      try {
        createUnifiedStream(client, {
          credentials: { apiKey: 'k', passphrase: 'p', privateKey: '-----BEGIN PRIVATE KEY-----' },
        })
      } catch (error) {
        return error
      }
    })() as ValidationError
    expect(rsa.issues[0]?.path).toEqual(['credentials', 'secret'])
    expect(rsa.issues[0]?.message).toContain('HMAC')
    expect(String(rsa)).not.toContain('BEGIN PRIVATE KEY')
  })

  test('bad input: a stream limits margin out of 0-60000 ms is a ValidationError naming limits.marginMs', () => {
    const credentials = { apiKey: 'k', secret: 's', passphrase: 'p' }
    for (const [limits, path] of [
      [{ marginMs: -1 }, ['limits', 'marginMs']],
      [{ marginMs: 60_001 }, ['limits', 'marginMs']],
      [{ marginMs: Number.NaN }, ['limits', 'marginMs']],
      [true, ['limits']],
    ] as const) {
      let error: unknown
      try {
        createUnifiedStream(client, { credentials, limits: limits as never })
      } catch (e) {
        error = e
      }
      expect(ValidationError.isInstance(error), JSON.stringify(limits)).toBe(true)
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([path])
      expect((error as ValidationError).endpoint).toBe('createUnifiedStream')
    }
  })
})

describe('streamUrl', () => {
  test.each([
    ['https://api.bitget.com', false, 'wss://ws.bitget.com/v3/ws/private'],
    ['https://api.bitget.com/', true, 'wss://wspap.bitget.com/v3/ws/private'],
    ['http://127.0.0.1:8080', false, 'ws://127.0.0.1:8080/v3/ws/private'],
    ['https://proxy.example/bitget/', false, 'wss://proxy.example/bitget/v3/ws/private'],
  ])('%s (demo %s) -> %s', (base, demo, url) => {
    expect(streamUrl(base, demo)).toBe(url)
  })
})

describe('readPush', () => {
  test('docs/records.md, order push: holdSide, lower-case category and reduceOnly, "" price of a market order', () => {
    const order = readPush('order', {
      orderId: '1',
      clientOid: 'c',
      category: 'usdt-futures',
      holdSide: 'long',
      reduceOnly: 'no',
      price: '',
      orderType: 'market',
      orderStatus: 'filled',
      marginCoin: 'USDT',
      leverage: '10',
    })
    expect(order).toMatchObject({
      category: 'USDT-FUTURES',
      posSide: 'long',
      reduceOnly: 'NO',
      price: null,
    })
    // Push-only fields are kept.
    expect(order).toMatchObject({ marginCoin: 'USDT', leverage: '10' })
    expect(order).not.toHaveProperty('holdSide')
  })

  test('fill push: execTime read as createdTime, numbers as decimal strings', () => {
    const fill = readPush('fill', {
      execId: '9',
      orderId: '1',
      execTime: '1700000000000',
      execPrice: 65000.5,
      execQty: '0.01',
    })
    expect(fill).toMatchObject({
      createdTime: '1700000000000',
      execPrice: '65000.5',
      execQty: '0.01',
    })
  })

  test('position push: size, marginSize, totalFundingFee, liqPrice; a flat position\'s "" as null', () => {
    const position = readPush('position', {
      symbol: 'BTCUSDT',
      size: '',
      marginSize: '',
      totalFundingFee: '0.1',
      liqPrice: '',
      positionStatus: 'ended',
      holdSide: 'long',
    })
    expect(position).toMatchObject({
      total: null,
      positionBalance: null,
      totalFunding: '0.1',
      liquidationPrice: null,
      posSide: 'long',
    })
  })

  test('account push: totalEquity, unrealisedPnL, coin[] with debts', () => {
    const account = readPush('account', {
      totalEquity: '100',
      unrealisedPnL: '-1.5',
      coin: [
        { coin: 'USDT', equity: '100', debts: '0', balance: '100', available: '90', locked: '10' },
      ],
    })
    expect(account).toMatchObject({ accountEquity: '100', unrealisedPnl: '-1.5' })
    expect(account.assets[0]).toMatchObject({ coin: 'USDT', debt: '0', available: '90' })
  })

  test('a record that is not an object, or an order without orderId, throws (the stream reports it as an error event)', () => {
    expect(() => readPush('order', null)).toThrow('the order push record must be an object')
    expect(() => readPush('order', { orderStatus: 'live' })).toThrow()
  })
})
