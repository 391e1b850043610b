// The market analytics reads against a sandbox over real HTTP: the long/short ratios of the open
// positions, the taker volume of the fills, the VIP fee schedule, read as decimal strings (a
// long/short ratio with nobody short as null); symbol required, the documented periods only, no
// productType, each checked before sending.
import { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getTakerBuySell, getVipFeeRates } from '../index.js'
import { setup } from '../test/sandbox.js'

/** The sandbox clock: 14:00 UTC, moved only by the admin. */
const T0 = Date.UTC(2026, 6, 1, 14, 0)
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({
    clock: { now: () => T0 },
    fees: { maker: '0.0002', taker: '0.0006' },
  })
  made.sandbox.admin.setPrice('BTCUSDT', '65000')
})
afterAll(async () => {
  await made.sandbox.close()
})

const btc = { symbol: 'BTCUSDT' } as const
let accounts = 0
/** A classic account holding `size` BTCUSDT (signed: one-way mode). */
function holder(size: string) {
  const uid = String(9_840_000_000 + ++accounts)
  made.sandbox.admin.addKey({ uid, accountMode: 'classic' })
  made.sandbox.admin.setPosition({
    uid,
    line: 'classic',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'net',
    size,
    entryPrice: '65000',
    marginMode: 'crossed',
  })
}

describe('market analytics', () => {
  test('[] while nobody holds the symbol; the ratios of three holders as decimal strings, long over short null with nobody short', async () => {
    const client = made.client({ instruments: false })
    expect(await client.market.getPositionLongShort(btc)).toEqual([])
    holder('4')
    expect(await client.market.getLongShort({ ...btc, period: '1Dutc' })).toEqual([
      { longRatio: '1', shortRatio: '0', longShortRatio: null, ts: String(T0 - (T0 % 86_400_000)) },
    ])
    holder('2')
    holder('-2')
    const ts = String(T0)
    expect(await client.market.getPositionLongShort(btc)).toEqual([
      { longPositionRatio: '0.75', shortPositionRatio: '0.25', longShortPositionRatio: '3', ts },
    ])
    expect(await client.market.getAccountLongShort({ ...btc, period: '1h' })).toEqual([
      { longAccountRatio: '0.6666', shortAccountRatio: '0.3333', longShortAccountRatio: '2', ts },
    ])
    expect(client.sent).toEqual([
      'classic.getPositionLongShort',
      'classic.getLongShort',
      'classic.getPositionLongShort',
      'classic.getAccountLongShort',
    ])
  })

  test('the taker volume of the fills by period; the VIP fee schedule at the sandbox rates', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.addFill({
      symbol: 'BTCUSDT',
      side: 'sell',
      price: '65000',
      qty: '0.125',
      ts: T0 + 1,
      category: 'USDT-FUTURES',
      line: 'classic',
      tradeScope: 'taker',
    })
    expect(await getTakerBuySell(client, { ...btc, period: '15m' })).toEqual([
      { buyVolume: '0', sellVolume: '0.125', ts: String(T0) },
    ])
    expect(await getVipFeeRates(client)).toEqual([
      {
        level: '1',
        dealAmount: '0',
        assetAmount: '0',
        takerFeeRate: '0.0006',
        makerFeeRate: '0.0002',
        btcWithdrawAmount: null,
        usdtWithdrawAmount: null,
      },
    ])
  })

  test('bad input is a ValidationError naming the field and the rule; nothing is sent', async () => {
    const client = made.client({ instruments: false })
    const issues = async (call: Promise<unknown>) => {
      const error = await call.catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      return (error as ValidationError).issues.map((i) => [i.type, i.path])
    }
    expect(await issues(client.market.getTakerBuySell({} as never))).toEqual([
      ['missing', ['symbol']],
    ])
    expect(await issues(client.market.getLongShort({ ...btc, period: '1d' as never }))).toEqual([
      ['value', ['period']],
    ])
    expect(
      await issues(client.market.getAccountLongShort({ ...btc, period: '1Dutc' as never })),
    ).toEqual([['value', ['period']]])
    const productType = { ...btc, productType: 'USDT-FUTURES' } as never
    expect(await issues(client.market.getPositionLongShort(productType))).toEqual([
      ['unknown', ['productType']],
    ])
    expect(await issues(client.market.getVipFeeRates({ level: '1' } as never))).toEqual([
      ['unknown', ['level']],
    ])
    expect(client.sent).toEqual([])
  })
})
