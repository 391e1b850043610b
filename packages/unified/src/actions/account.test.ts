import { type ApiError, ValidationError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'
import { getRealityFills } from './getRealityFills.js'
import { placeOrder } from './placeOrder.js'
import { armCountdown, disarmCountdown, setCountdown } from './setCountdown.js'

let sandbox: RunningSandbox
let client: Awaited<ReturnType<typeof setup>>['client']
let uid: string

beforeAll(async () => {
  ;({ sandbox, client } = await setup())
  uid = (sandbox.admin.state() as unknown as { accounts: { uid: string }[] }).accounts[0]!.uid
})
afterAll(async () => {
  await sandbox.close()
})

describe('getRealityFills', () => {
  test('Response `data`: array of `execId` (string), `price` (string), `size` (string, base coin), `side` (`buy`, `sell`), `ts` (string, Unix milliseconds).', async () => {
    const key = sandbox.admin.addKey({ uid, permissions: ['trade_rw', 'realityFills'] })
    const c = client({ credentials: key })
    await placeOrder(c, {
      category: 'SPOT',
      symbol: 'rAAPLUSDT',
      side: 'sell',
      orderType: 'market',
      qty: '1.5',
    })
    const fills = await getRealityFills(c, { symbol: 'rAAPLUSDT', limit: '10' })
    expect(fills[0]).toEqual({
      execId: expect.any(String),
      price: '230.00',
      size: '1.5',
      side: 'sell',
      ts: expect.stringMatching(/^\d{13}$/),
    })
  })

  test('symbol | string | rToken pair only — refused before sending', async () => {
    const c = client()
    const error = await getRealityFills(c, { symbol: 'BTCUSDT' }).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(c.sent).toEqual([])
  })

  test('Needs an API key that the platform has whitelisted — 40014 without it', async () => {
    const error = await getRealityFills(client(), {}).catch((e: unknown) => e)
    expect((error as ApiError).code).toBe('40014')
  })
})

describe('setCountdown', () => {
  test('Response: `data` is a string.', async () => {
    const key = sandbox.admin.addKey({ uid, permissions: ['trade_rw', 'countdown'] })
    expect(await setCountdown(client({ credentials: key }), { countdown: '10' })).toBe('success')
  })

  test('seconds; integer in [5,60]; `0` disables — 4 and 61 are refused before sending', async () => {
    const c = client()
    for (const countdown of ['4', '61', '5.5'])
      await expect(setCountdown(c, { countdown })).rejects.toBeInstanceOf(ValidationError)
    expect(c.sent).toEqual([])
  })
})

describe('armCountdown', () => {
  test('off | countdown-cancel-all with countdown in [5,60] | ... | armed — a number of seconds', async () => {
    sandbox.admin.resetRateLimits()
    const key = sandbox.admin.addKey({ uid, permissions: ['trade_rw', 'countdown'] })
    const c = client({ credentials: key })
    expect(await armCountdown(c, 30)).toBe('success')
    expect(c.sent).toEqual(['unified.countdownCancelAll'])
  })
})

describe('disarmCountdown', () => {
  test('armed | countdown-cancel-all with countdown=0 | any time | off — orders survive the window', async () => {
    const key = sandbox.admin.addKey({ uid, permissions: ['trade_rw', 'countdown'] })
    const c = client({ credentials: key })
    const { orderId } = await placeOrder(c, {
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '3000',
    })
    await armCountdown(c, 5)
    await disarmCountdown(c)
    sandbox.admin.advanceClock(10_000)
    const { orders } = sandbox.admin.state() as unknown as {
      orders: { orderId: string; status: string }[]
    }
    expect(orders.find((o) => o.orderId === orderId)?.status).toBe('live')
  })
})

describe('getAccountAssets', () => {
  test("the account's coins and equity as decimal strings (GET /api/v3/account/assets)", async () => {
    const assets = await client().account.getAssets()
    const usdt = assets.assets.find((asset) => asset.coin === 'USDT')
    expect(usdt?.balance).toMatch(/^\d+(\.\d+)?$/)
    expect(typeof assets.accountEquity).toBe('string')
  })
})
