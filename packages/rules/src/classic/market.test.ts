import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { getContracts, getTicker } from './market.js'

describe('getContracts', () => {
  test('takes the demo-trading product types the exchange answers, in either case, sent upper-case', () => {
    for (const productType of ['SUSDT-FUTURES', 'scoin-futures', 'SUSDC-FUTURES'])
      expect(Endpoint.validate(getContracts, { productType })).toBe(true)
    expect(Endpoint.check(getContracts, { productType: 'susdt-futures' })).toEqual({
      success: true,
      output: { productType: 'SUSDT-FUTURES' },
    })
    expect(Endpoint.validate(getContracts, { productType: 'SPOT' })).toBe(false)
  })

  test('the other classic reads keep the three product types', () => {
    expect(Endpoint.validate(getTicker, { symbol: 'BTCUSDT', productType: 'SUSDT-FUTURES' })).toBe(
      false,
    )
  })
})
