// account.setMargin and account.getFeeRate against a strict sandbox over real HTTP: the margin
// really moves between the isolated position and the available balance (read back before and
// after), each exchange refusal arrives as an ApiError with its code, and a bad request is
// refused before sending with the field named.
import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
let withFees: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
  made.sandbox.admin.setPrice('BTCUSDT', '65000')
  withFees = await setup({ fees: { maker: '0.0002', taker: '0.0006' } })
})
afterAll(async () => {
  await made.sandbox.close()
  await withFees.sandbox.close()
})

let accounts = 0
/** A client of a fresh account (its own uid) with 100000 USDT and BTCUSDT at leverage 10. */
async function fresh() {
  const uid = String(9_810_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid })
  admin.setBalance('USDT', '100000', uid)
  const client = made.client({ credentials })
  await client.account.setLeverage({ ...btc, leverage: '10' })
  return client
}
type Client = Awaited<ReturnType<typeof fresh>>

const btc = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const
const add = { ...btc, posSide: 'long', operation: 'add', amount: '500' } as const

/** Opens a long of 0.1 BTC at the market (65000): 650 USDT of margin at leverage 10. */
async function openLong(client: Client, marginMode: 'isolated' | 'crossed' = 'isolated') {
  await client.orders.place({ ...btc, side: 'buy', orderType: 'market', qty: '0.1', marginMode })
}

/** The long position's margin and the account's available USDT. */
async function margins(client: Client) {
  const [position] = (await client.account.getPositions({ ...btc, posSide: 'long' })).list
  const { assets } = await client.account.getAssets()
  return {
    marginMode: position?.marginMode,
    positionBalance: position?.positionBalance,
    available: assets.find((a) => a.coin === 'USDT')?.available,
  }
}

describe('account.setMargin', () => {
  test('add, then remove: the margin moves between the position and the available balance', async () => {
    const client = await fresh()
    await openLong(client)
    expect(await margins(client)).toEqual({
      marginMode: 'isolated',
      positionBalance: '650',
      available: '99350',
    })
    expect(await client.account.setMargin(add)).toBe('success')
    expect(await margins(client)).toEqual({
      marginMode: 'isolated',
      positionBalance: '1150',
      available: '98850',
    })
    expect(await client.account.setMargin({ ...add, operation: 'remove', amount: '200' })).toBe(
      'success',
    )
    expect(await margins(client)).toMatchObject({ positionBalance: '950', available: '99050' })
  })

  test('the exchange refusals arrive as ApiError with their codes; nothing moves', async () => {
    const client = await fresh()
    await openLong(client)
    const code = (e: unknown) => (ApiError.isInstance(e) ? e.code : e)
    const removeTooMuch = client.account.setMargin({ ...add, operation: 'remove', amount: '1' })
    expect(await removeTooMuch.catch(code)).toBe('25242')
    const addTooMuch = client.account.setMargin({ ...add, amount: '99350.01' })
    expect(await addTooMuch.catch(code)).toBe('25202')
    const short = client.account.setMargin({ ...add, posSide: 'short' })
    expect(await short.catch(code)).toBe('25227')
    expect(await margins(client)).toMatchObject({ positionBalance: '650', available: '99350' })
    const crossed = await fresh()
    await openLong(crossed, 'crossed')
    expect(await crossed.account.setMargin(add).catch(code)).toBe('25240')
  })

  test('a bad request is refused before sending, naming each field', async () => {
    const client = await fresh()
    const cases = [
      [{ ...add, posSide: undefined }, 'missing', 'posSide'],
      [{ ...add, operation: 'reduce' }, 'value', 'operation'],
      [{ ...add, amount: '-5' }, 'format', 'amount'],
      [{ ...add, category: 'SPOT' }, 'value', 'category'],
    ] as const
    for (const [parameters, type, field] of cases) {
      const error = await client.account.setMargin(parameters as never).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error), field).toBe(true)
      expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
        [type, [field]],
      ])
    }
    expect(client.sent.filter((id) => id === 'unified.setMargin')).toEqual([])
  })
})

describe('account.getFeeRate', () => {
  test("the account's maker and taker rates of a symbol, as decimal strings", async () => {
    const client = withFees.client()
    expect(await client.account.getFeeRate(btc)).toEqual({
      makerFeeRate: '0.0002',
      takerFeeRate: '0.0006',
    })
    expect(await made.client().account.getFeeRate(btc)).toEqual({
      makerFeeRate: '0',
      takerFeeRate: '0',
    })
  })

  test('without symbol it is refused before sending, naming symbol', async () => {
    const client = withFees.client()
    const error = await client.account
      .getFeeRate({ category: 'SPOT' } as never)
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['symbol']],
    ])
    expect(client.sent).toEqual([])
  })
})
