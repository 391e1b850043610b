import { describe, expect, test } from 'vitest'
import { type ModifiedOrder, modifyEffect } from './modifyEffect.js'

const order: ModifiedOrder = {
  orderType: 'limit',
  status: 'new',
  size: '1',
  price: '100',
  presetStopSurplusPrice: '120',
  presetStopLossPrice: '90',
}

describe('modifyEffect', () => {
  test.each([
    ['a market order', { ...order, orderType: 'market' }],
    ['a partially filled order', { ...order, status: 'partially_filled' }],
    ['a filled order', { ...order, status: 'filled' }],
  ] as const)('only pending limit orders in new status can be modified (%s)', (_, other) => {
    expect(modifyEffect(other, { newSize: '2', newPrice: '101' })).toEqual({
      kind: 'rejected',
      reason: 'not_modifiable',
    })
  })

  test('the exchange\'s name for the new status, "live", counts as new', () => {
    expect(modifyEffect({ ...order, status: 'live' }, {}).kind).toBe('unchanged')
  })

  test('Changing size or price cancels the old order and creates a new one asynchronously', () => {
    expect(modifyEffect(order, { newSize: '2', newPrice: '101' })).toEqual({
      kind: 'replace',
      size: '2',
      price: '101',
      presetStopSurplusPrice: '120',
      presetStopLossPrice: '90',
    })
  })

  test('newSize | unchanged when empty / "newPrice | unchanged when empty"', () => {
    expect(modifyEffect(order, { newSize: '', newPrice: '101' })).toMatchObject({
      kind: 'replace',
      size: '1',
      price: '101',
    })
  })

  test('If size, price and take-profit/stop-loss are all sent, the take-profit/stop-loss has no effect', () => {
    expect(
      modifyEffect(order, {
        newSize: '2',
        newPrice: '101',
        newPresetStopSurplusPrice: '130',
        newPresetStopLossPrice: '0',
      }),
    ).toMatchObject({ kind: 'replace', presetStopSurplusPrice: '120', presetStopLossPrice: '90' })
  })

  test('Changing only take-profit/stop-loss does not cancel the old order', () => {
    expect(
      modifyEffect(order, { newPresetStopSurplusPrice: '130', newPresetStopLossPrice: '85' }),
    ).toEqual({ kind: 'update_tpsl', presetStopSurplusPrice: '130', presetStopLossPrice: '85' })
  })

  test('empty keeps the original; a value updates or adds; 0 deletes', () => {
    expect(
      modifyEffect(order, { newPresetStopSurplusPrice: '', newPresetStopLossPrice: '0' }),
    ).toEqual({
      kind: 'update_tpsl',
      presetStopSurplusPrice: '120',
      presetStopLossPrice: undefined,
    })
    expect(
      modifyEffect(
        { ...order, presetStopLossPrice: undefined },
        { newPresetStopSurplusPrice: '', newPresetStopLossPrice: '80' },
      ),
    ).toEqual({ kind: 'update_tpsl', presetStopSurplusPrice: '120', presetStopLossPrice: '80' })
  })

  test('if only one of take-profit and stop-loss is sent, the other is cancelled', () => {
    expect(modifyEffect(order, { newPresetStopSurplusPrice: '130' })).toEqual({
      kind: 'update_tpsl',
      presetStopSurplusPrice: '130',
      presetStopLossPrice: undefined,
    })
  })

  test('a request that changes nothing leaves the order unchanged', () => {
    expect(modifyEffect(order, { newSize: '', newPrice: '' })).toEqual({ kind: 'unchanged' })
  })
})
