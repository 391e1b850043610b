import { exchangeFixture } from '@tradeline/fuzz/fixtures'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  accountList,
  leverageSettings,
  liquidationPriceResult,
  maxOpenResult,
  openCountResult,
  positionModeResult,
  setAutoMarginResult,
  setMarginResult,
  singleAccountRecord,
  tradeRateResult,
} from './account.js'

const fixture = (name: string): Record<string, unknown> => exchangeFixture(name)
const data = (name: string): unknown => fixture(name).data

/** Every key of `raw` is in `parsed`, with a decimal or text value equal to what was sent ("" read as null). */
function keyForKey(raw: Record<string, unknown>, parsed: Record<string, unknown>) {
  for (const [key, value] of Object.entries(raw)) {
    expect(parsed, key).toHaveProperty(key)
    if (typeof value === 'string') expect(parsed[key], key).toBe(value === '' ? null : value)
  }
}

describe('the documented classic account records parse key for key (fixtures/exchange/classic.mix.account.*.json)', () => {
  test.each([
    ['classic.mix.account.account.json', singleAccountRecord],
    ['classic.mix.account.set-leverage.json', leverageSettings],
    ['classic.mix.account.set-margin-mode.json', leverageSettings],
    ['classic.mix.account.set-position-mode.json', positionModeResult],
    ['classic.mix.account.max-open.json', maxOpenResult],
    ['classic.mix.account.open-count.json', openCountResult],
    ['classic.mix.account.liq-price.json', liquidationPriceResult],
    ['classic.common.trade-rate.json', tradeRateResult],
  ] as const)('%s', (name, schema) => {
    const raw = data(name) as Record<string, unknown>
    keyForKey(raw, v.parse(schema as v.GenericSchema, raw) as Record<string, unknown>)
  })

  test('set-auto-margin answers "success"; trade-rate keeps the fractions as sent', () => {
    expect(v.parse(setAutoMarginResult, data('classic.mix.account.set-auto-margin.json'))).toBe(
      'success',
    )
    expect(v.parse(tradeRateResult, data('classic.common.trade-rate.json'))).toEqual({
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0006',
    })
  })

  test('set-margin answers "" (null); liq-price keeps the negative price as sent', () => {
    expect(v.parse(setMarginResult, data('classic.mix.account.set-margin.json'))).toBeNull()
    expect(v.parse(liquidationPriceResult, data('classic.mix.account.liq-price.json'))).toEqual({
      liqPrice: '-5025939.4855934659933227',
    })
  })

  test('account: posMode and the symbol settings as sent; "" unrealizedPL is null', () => {
    const account = v.parse(singleAccountRecord, data('classic.mix.account.account.json'))
    expect(account).toMatchObject({
      posMode: 'hedge_mode',
      crossedMarginLeverage: '20',
      isolatedLongLever: '20',
      marginMode: 'crossed',
      unrealizedPL: null,
    })
  })

  test("accounts: the assets and margins typed; the example's misspelt unionTotalMagin kept as sent", () => {
    const raw = data('classic.mix.account.accounts.json') as Record<string, unknown>[]
    const [item] = v.parse(accountList, raw)
    keyForKey(
      Object.fromEntries(Object.entries(raw[0]!).filter(([key]) => key !== 'assetList')),
      item as Record<string, unknown>,
    )
    expect(item).toMatchObject({
      assetList: [{ coin: 'BTC', balance: '1.2', available: '1.2' }],
      isolatedMargin: '23.43',
      crossedMargin: '34.34',
      unionTotalMagin: '111,1',
      unionTotalMargin: null,
    })
  })
})
