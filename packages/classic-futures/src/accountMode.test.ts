// A key of a unified (UTA) account on the classic client: the exchange answers 40085 to every
// classic private endpoint, and the client says why (the key's account mode) and what to use.
import { ApiError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup } from './test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ accountMode: 'unified' })
})
afterAll(() => made.sandbox.close())

const hint =
  "This key's account is in unified (UTA) mode, which the classic API (/api/v2/mix) refuses: use @tradeline/unified, or a key of a classic account."

describe('a key of a unified account (40085)', () => {
  test('setMarginMode, placeOrder and a read throw an ApiError 40085 whose message names the account mode; nothing is applied', async () => {
    const client = made.client({ instruments: false })
    const calls = [
      () =>
        client.account.setMarginMode({
          symbol: 'BTCUSDT',
          productType: 'USDT-FUTURES',
          marginCoin: 'USDT',
          marginMode: 'isolated',
        }),
      () => client.orders.place(restingBuy),
      () => client.orders.getPending({ productType: 'USDT-FUTURES' }),
    ]
    for (const call of calls) {
      const error = await call().then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(ApiError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ code: '40085', status: 400, retrySafe: true, hint })
      expect((error as ApiError).message).toContain(`Hint: ${hint}`)
    }
    expect(made.sandbox.admin.state().orders).toEqual([])
  })

  test('the same calls answer for a key of a classic account of the same sandbox', async () => {
    const credentials = made.sandbox.admin.addKey({ accountMode: 'classic' })
    const client = made.client({ credentials, instruments: false })
    await client.account.setMarginMode({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      marginMode: 'isolated',
    })
    expect(await client.orders.getPending({ productType: 'USDT-FUTURES' })).toBeDefined()
  })
})
