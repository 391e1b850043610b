import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import type { Instrument } from '../TickSize.js'
import { issuesFor } from '../test/issues.js'
import { modifyOrder } from './modifyOrder.js'

const base = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  orderId: '1234567890',
  newClientOid: 'modified-1',
} as const
const instrument: Instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.1',
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
}

const issuesOf = issuesFor(modifyOrder)

describe('modifyOrder', () => {
  test('a size and price change passes unchanged', () => {
    const input = { ...base, newSize: '0.02', newPrice: '65000.1' }
    expect(Endpoint.check(modifyOrder, input)).toEqual({ success: true, output: input })
  })

  test.each(['symbol', 'productType', 'newClientOid'] as const)('%s | string | yes', (field) => {
    const { [field]: _, ...rest } = base
    expect(issuesOf({ ...rest, newPresetStopLossPrice: '60000' })).toEqual([['missing', field]])
  })

  test('orderId | one of two | wins over clientOid', () => {
    const { orderId: _, ...rest } = base
    expect(issuesOf({ ...rest, newPresetStopLossPrice: '60000' })).toEqual([['one_of', 'orderId']])
    expect(issuesOf({ ...rest, clientOid: 'c-1', newPresetStopLossPrice: '60000' })).toEqual([])
    expect(issuesOf({ ...base, clientOid: 'other', newPresetStopLossPrice: '60000' })).toEqual([])
  })

  test('newClientOid | new client id after modification follows the clientOid patterns', () => {
    expect(issuesOf({ ...base, newClientOid: '', newPresetStopLossPrice: '1' })).toEqual([
      ['length', 'newClientOid'],
    ])
  })

  test('newSize | unchanged when empty and "newPrice | unchanged when empty"', () => {
    expect(issuesOf({ ...base, newSize: '', newPrice: '', newPresetStopLossPrice: '1' })).toEqual(
      [],
    )
    expect(issuesOf({ ...base, newSize: 'abc', newPrice: '0' })).toEqual([
      ['format', 'newSize'],
      ['format', 'newPrice'],
    ])
  })

  test('Changing size or price cancels the old order and creates a new one asynchronously, so pass both size and price — decision: one without the other is missing', () => {
    const result = Endpoint.check(modifyOrder, { ...base, newSize: '0.02' })
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "a value (changing newSize cancels and re-creates the order: pass both size and price)",
          "message": "newPrice: expected a value (changing newSize cancels and re-creates the order: pass both size and price), received undefined",
          "path": [
            "newPrice",
          ],
          "received": "undefined",
          "type": "missing",
        },
      ]
    `)
    expect(issuesOf({ ...base, newPrice: '65000' })).toEqual([['missing', 'newSize']])
    expect(issuesOf({ ...base, newSize: '0.02', newPrice: '' })).toEqual([['missing', 'newPrice']])
  })

  test('newPrice ... must not be set for market-type order', () => {
    expect(
      issuesOf({ ...base, newSize: '0.02', newPrice: '65000' }, { orderType: 'market' }),
    ).toEqual([['forbidden', 'newPrice']])
    expect(issuesOf({ ...base, newPrice: '' }, { orderType: 'market' })).toEqual([])
  })

  test('decision: on a market-type order a size change needs no price, since its price must not be set', () => {
    expect(issuesOf({ ...base, newSize: '0.02' }, { orderType: 'market' })).toEqual([])
    expect(issuesOf({ ...base, newSize: '0.02' }, { orderType: 'limit' })).toEqual([
      ['missing', 'newPrice'],
    ])
  })

  test('If size, price and take-profit/stop-loss are all sent, the take-profit/stop-loss has no effect — decision: forbidden', () => {
    const input = {
      ...base,
      newSize: '0.02',
      newPrice: '65000',
      newPresetStopSurplusPrice: '70000',
      newPresetStopLossPrice: '60000',
    }
    const result = Endpoint.check(modifyOrder, input)
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "expected": "no take-profit/stop-loss next to a size or price change (it would have no effect)",
          "message": "newPresetStopSurplusPrice: expected no take-profit/stop-loss next to a size or price change (it would have no effect), received "70000"",
          "path": [
            "newPresetStopSurplusPrice",
          ],
          "received": ""70000"",
          "type": "forbidden",
        },
        {
          "expected": "no take-profit/stop-loss next to a size or price change (it would have no effect)",
          "message": "newPresetStopLossPrice: expected no take-profit/stop-loss next to a size or price change (it would have no effect), received "60000"",
          "path": [
            "newPresetStopLossPrice",
          ],
          "received": ""60000"",
          "type": "forbidden",
        },
      ]
    `)
  })

  test('Changing only take-profit/stop-loss does not cancel the old order; then send neither price nor size', () => {
    expect(issuesOf({ ...base, newPresetStopSurplusPrice: '70000' })).toEqual([])
    expect(
      issuesOf({ ...base, newSize: '', newPrice: '', newPresetStopSurplusPrice: '70000' }),
    ).toEqual([])
    expect(
      issuesOf({ ...base, newSize: '0.02', newPrice: '1', newPresetStopSurplusPrice: '' }),
    ).toEqual([])
    expect(issuesOf({ ...base, newSize: '0.02', newPresetStopSurplusPrice: '70000' })).toEqual([
      ['missing', 'newPrice'],
      ['forbidden', 'newPresetStopSurplusPrice'],
    ])
  })

  test.each(['newPresetStopSurplusPrice', 'newPresetStopLossPrice'])(
    '%s: empty keeps the original; a value updates or adds; 0 deletes',
    (field) => {
      for (const value of ['', '0', '70000.5'])
        expect(issuesOf({ ...base, [field]: value })).toEqual([])
      expect(issuesOf({ ...base, [field]: '-1' })).toEqual([['format', field]])
    },
  )

  test('newSize ... must meet minimum order quantity (instrument known)', () => {
    const change = { ...base, newPrice: '65000.1' }
    expect(issuesOf({ ...change, newSize: '0.0009' }, { instrument })).toEqual([
      ['minimum', 'newSize'],
    ])
    expect(issuesOf({ ...change, newSize: '0.001' }, { instrument })).toEqual([])
  })

  test('newPrice is checked against the price step when the instrument is known', () => {
    expect(issuesOf({ ...base, newSize: '0.01', newPrice: '65000.15' }, { instrument })).toEqual([
      ['tick', 'newPrice'],
    ])
  })

  test('decision: a new take-profit/stop-loss price is tick-checked like newPrice; 0 (delete) and "" (keep) are not prices', () => {
    expect(
      issuesOf(
        { ...base, newPresetStopSurplusPrice: '70000.15', newPresetStopLossPrice: '60000.05' },
        { instrument },
      ),
    ).toEqual([
      ['tick', 'newPresetStopSurplusPrice'],
      ['tick', 'newPresetStopLossPrice'],
    ])
    expect(
      issuesOf(
        { ...base, newPresetStopSurplusPrice: '0', newPresetStopLossPrice: '' },
        { instrument: { ...instrument, priceMultiplier: '0.5' } },
      ),
    ).toEqual([])
    expect(issuesOf({ ...base, newPresetStopSurplusPrice: '70000.1' }, { instrument })).toEqual([])
  })

  test('the re-created limit order is held to minTradeUSDT like place-order (newSize x newPrice)', () => {
    const valued = { ...instrument, minTradeUSDT: '5' }
    const change = { ...base, newSize: '0.001', newPrice: '100' }
    expect(issuesOf(change, { instrument: valued })).toEqual([['minimum', 'newSize']])
    expect(issuesOf({ ...change, newPrice: '5000' }, { instrument: valued })).toEqual([])
    expect(issuesOf({ ...change, productType: 'COIN-FUTURES' }, { instrument: valued })).toEqual([])
  })

  test('decision: modify-order takes only the fields of its documented table (no marginCoin)', () => {
    expect(issuesOf({ ...base, marginCoin: 'USDT', newPresetStopLossPrice: '1' })).toEqual([
      ['unknown', 'marginCoin'],
    ])
  })
})
