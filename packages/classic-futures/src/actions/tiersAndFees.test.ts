import { ApiError, type ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  // 0.02 % maker, 0.06 % taker: what every futures fill of the sandbox pays.
  made = await setup({ fees: { maker: '0.0002', taker: '0.0006' } })
  made.sandbox.admin.setPrice('BTCUSDT', '65000.0')
})
afterAll(async () => {
  await made.sandbox.close()
})

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

describe('account.getTradeRate', () => {
  test('the rates the fills charge: a market buy of 0.01 BTC at 65000 pays 0.39 at the taker rate', async () => {
    const client = made.client({ instruments: false, positionMode: 'one_way' })
    const rates = await client.account.getTradeRate({ symbol: 'BTCUSDT', businessType: 'mix' })
    expect(rates).toEqual({ makerFeeRate: '0.0002', takerFeeRate: '0.0006' })
    const ack = await client.orders.place({
      ...pair,
      marginMode: 'crossed',
      marginCoin: 'USDT',
      size: '0.01',
      side: 'buy',
      orderType: 'market',
    })
    const order = await client.orders.get({ ...pair, orderId: ack.orderId as string })
    // 0.01 x 65000 = 650 at the taker rate 0.0006.
    expect(order.fee).toBe('-0.39')
  })

  test('a business type off the list is refused before sending, naming businessType', async () => {
    const client = made.client({ instruments: false })
    const error = await client.account
      .getTradeRate({ symbol: 'BTCUSDT', businessType: 'contract' } as never)
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['businessType']],
    ])
    expect(client.sent).toEqual([])
  })

  test('a symbol the business type does not list: 40034', async () => {
    const client = made.client({ instruments: false })
    const error = await client.account
      .getTradeRate({ symbol: 'ETHUSDT', businessType: 'mix' })
      .catch((e: unknown) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('40034')
  })
})

describe('market.getPositionTier', () => {
  test("public: the sandbox's one tier, up to the contract's largest leverage, no maintenance margin", async () => {
    const client = made.client({ credentials: undefined, instruments: false })
    const [contract] = await client.market.getContracts(pair)
    expect(await client.market.getPositionTier(pair)).toEqual([
      {
        symbol: 'BTCUSDT',
        level: '1',
        startUnit: '0',
        endUnit: null,
        leverage: contract?.maxLever,
        keepMarginRate: '0',
      },
    ])
  })

  test('symbol is required: refused before sending, naming symbol', async () => {
    const client = made.client({ instruments: false })
    const error = await client.market
      .getPositionTier({ productType: 'USDT-FUTURES' } as never)
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['symbol']],
    ])
    expect(client.sent).toEqual([])
  })
})
