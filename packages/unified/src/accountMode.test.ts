// A key of a classic account on the unified client: the exchange answers 40084 to every unified
// private endpoint, and the client says why (the key's account mode) and what to use.
import { ApiError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { instrumentsOf, restingBuy, setup } from './test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ accountMode: 'classic' })
})
afterAll(() => made.sandbox.close())

const hint =
  "This key's account is in classic mode, which the unified API (/api/v3) refuses: use @tradeline/classic-futures, or a key of a unified account."

describe('a key of a classic account (40084)', () => {
  test('placeOrder, setLeverage and a read throw an ApiError 40084 whose message names the account mode; nothing is applied', async () => {
    const client = made.client({ instruments: instrumentsOf(made.sandbox) })
    const calls = [
      () => client.orders.place(restingBuy),
      () =>
        client.account.setLeverage({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '5' }),
      () => client.account.getAssets(),
    ]
    for (const call of calls) {
      const error = await call().then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(ApiError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ code: '40084', status: 400, retrySafe: true, hint })
      expect((error as ApiError).message).toContain(`Hint: ${hint}`)
    }
    expect(made.sandbox.admin.state().orders).toEqual([])
  })

  test('a key of a unified account of the same sandbox places the same order', async () => {
    const credentials = made.sandbox.admin.addKey({ accountMode: 'unified' })
    const client = made.client({ credentials, instruments: instrumentsOf(made.sandbox) })
    expect(await client.orders.place(restingBuy)).toMatchObject({ orderId: expect.any(String) })
  })
})
