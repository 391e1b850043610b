// The account's position mode switched elsewhere (on the web, by another process) while the
// client keeps the mode it read for `cacheTtlMs`: an order written for the new mode is refused
// by the client's own check, unsent, so the exchange never answers 40774 to reveal the switch.
// The client reads the mode again on such a refusal once the mode at hand is a second old
// (internal/client.ts, modeRereadAfterMs). The sandbox's clock and the client's are one clock
// that moves only when the test moves it.
import type { ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { restingBuy, setup, triggerBuy } from '../test/sandbox.js'

let now = Date.now()
const clock = { now: () => now }
/** Moves the sandbox's and the client's clock on by `ms`. */
const pass = (ms: number) => {
  now += ms
}

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ clock })
})
afterAll(async () => {
  await made.sandbox.close()
})

let accounts = 0
/** A client of a fresh one-way account (its own uid) on the test's clock. */
function fresh(extra: Parameters<typeof made.client>[0] = {}) {
  const uid = String(9_950_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid, accountMode: 'classic' })
  admin.setBalance('USDT', '100000', uid)
  const client = made.client({ credentials, instruments: false, clock, ...extra })
  /** How many times the client read the account (for its position mode). */
  const reads = () => client.loads.filter((id) => id === 'classic.getAccount').length
  return { uid, client, reads }
}

/**
 * A client that read one-way mode by placing an order (cached for `cacheTtlMs`), the account
 * then switched to hedge mode behind its back.
 */
async function switchedToHedge() {
  const account = fresh()
  await account.client.orders.place(restingBuy)
  expect(account.reads()).toBe(1)
  made.sandbox.admin.setClassicPositionMode('hedge', { uid: account.uid })
  return account
}

/** A hedge long of 0.01 BTCUSDT held by `uid` (classic, crossed, entered at 65000). */
const holdLong = (uid: string) =>
  made.sandbox.admin.setPosition({
    uid,
    line: 'classic',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'long',
    size: '0.01',
    entryPrice: '65000',
    marginMode: 'crossed',
  })

const hedgeBuy = { ...restingBuy, tradeSide: 'open' } as const
const paths = (error: unknown) => (error as ValidationError).issues.map((issue) => issue.path)

describe('the position mode switched elsewhere, orders written for the new mode', () => {
  test('placeOrder: refused unsent within a second of the read; a second later the mode is read again and the order placed', async () => {
    const { client, reads } = await switchedToHedge()
    const early = await client.orders.place(hedgeBuy).catch((e: unknown) => e)
    expect(paths(early)).toEqual([['tradeSide']])
    expect(reads()).toBe(1)
    expect(client.sent).toEqual(['classic.placeOrder'])
    pass(1500)
    const placed = await client.orders.place(hedgeBuy)
    expect(placed.orderId).toEqual(expect.any(String))
    expect(reads()).toBe(2)
    // The mode read again is kept: a wrong order is refused by it, unsent.
    const wrong = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(paths(wrong)).toEqual([['tradeSide']])
    expect(client.sent).toEqual(['classic.placeOrder', 'classic.placeOrder'])
  })

  test('placeOrders (batch.place): the batch is checked with the mode read again and placed', async () => {
    const { client, reads } = await switchedToHedge()
    pass(1500)
    const [outcome] = await client.batch.place([hedgeBuy])
    expect(outcome).toMatchObject({ status: 'ok', orderId: expect.any(String) })
    expect(reads()).toBe(2)
  })

  test('placeBatch (batch.placeOne): the batch is checked with the mode read again and placed', async () => {
    const { client, reads } = await switchedToHedge()
    pass(1500)
    const { symbol, productType, marginMode, marginCoin, ...item } = hedgeBuy
    const result = await client.batch.placeOne({
      symbol,
      productType,
      marginMode,
      marginCoin,
      orderList: [item],
    })
    expect(result.successList).toHaveLength(1)
    expect(result.failureList).toEqual([])
    expect(reads()).toBe(2)
  })

  test('a plan order (plans.place): checked with the mode read again and placed', async () => {
    const { client, reads } = await switchedToHedge()
    pass(1500)
    const placed = await client.plans.place({
      ...triggerBuy,
      triggerPrice: '90000',
      tradeSide: 'open',
    })
    expect(placed.orderId).toEqual(expect.any(String))
    expect(reads()).toBe(2)
  })

  test('a take-profit (plans.placeTpsl) and both legs (plans.placePositionTpsl) of a hedge long: holdSide checked with the mode read again, placed', async () => {
    const tpsl = {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      holdSide: 'long',
    } as const
    type Client = Awaited<ReturnType<typeof switchedToHedge>>['client']
    const calls = [
      (c: Client) =>
        c.plans.placeTpsl({
          ...tpsl,
          planType: 'pos_profit',
          triggerPrice: '70000',
          triggerType: 'mark_price',
        }),
      (c: Client) =>
        c.plans.placePositionTpsl({
          ...tpsl,
          stopSurplusTriggerPrice: '70000',
          stopSurplusTriggerType: 'mark_price',
        }),
    ]
    for (const call of calls) {
      const { uid, client, reads } = await switchedToHedge()
      holdLong(uid)
      pass(1500)
      expect(await call(client)).toBeDefined()
      expect(reads()).toBe(2)
    }
  })
})

describe('what a review of the first version found', () => {
  test('five correct orders refused together by the old mode: the account is read once and all five are placed', async () => {
    const { client, reads } = await switchedToHedge()
    pass(1500)
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => client.orders.place(hedgeBuy)),
    )
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'))
    expect(reads()).toBe(2)
  })

  test('a flash close of one side (holdSide) after a switch to hedge: the mode read again with the symbol and margin coin of the read before, the long closed', async () => {
    const { uid, client, reads } = await switchedToHedge()
    holdLong(uid)
    pass(1500)
    const closed = await client.orders.closePositions({
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      holdSide: 'long',
    })
    expect(closed.successList).toHaveLength(1)
    expect(reads()).toBe(2)
  })

  test("a mode field's wrong type or value is the schema's: refused without reading the account", async () => {
    const { client, reads } = fresh()
    await client.orders.place(restingBuy) // one-way, read once
    pass(1500)
    for (const wrong of [{ reduceOnly: true }, { reduceOnly: 'yes please' }, { tradeSide: 42 }]) {
      const error = await client.orders
        .place({ ...restingBuy, ...wrong } as unknown as typeof restingBuy)
        .catch((e: unknown) => e)
      expect((error as ValidationError).issues[0]?.path).toEqual([Object.keys(wrong)[0]])
      pass(1500)
    }
    expect(reads()).toBe(1)
  })
})

describe('reading the mode again, at most once a second', () => {
  test('a wrong order sent again and again reads the account at most once a second', async () => {
    const { client, reads } = fresh()
    await client.orders.place(restingBuy) // one-way, read once
    const wrong = async () => {
      const error = await client.orders.place(hedgeBuy).catch((e: unknown) => e)
      expect(paths(error)).toEqual([['tradeSide']])
    }
    for (let i = 0; i < 3; i++) await wrong()
    expect(reads()).toBe(1)
    pass(1500)
    for (let i = 0; i < 3; i++) await wrong()
    expect(reads()).toBe(2)
    pass(600)
    await wrong()
    expect(reads()).toBe(2)
    pass(600)
    for (let i = 0; i < 3; i++) await wrong()
    expect(reads()).toBe(3)
    // A wrong batch too.
    pass(1500)
    for (let i = 0; i < 3; i++) {
      const error = await client.batch.place([hedgeBuy]).catch((e: unknown) => e)
      expect(paths(error)).toEqual([[0, 'tradeSide']])
    }
    expect(reads()).toBe(4)
    expect(client.sent).toEqual(['classic.placeOrder'])
  })

  test('a mode this client set is not read back; one given in the options is never read', async () => {
    const { client, reads } = fresh()
    await client.account.setPositionMode({ productType: 'USDT-FUTURES', posMode: 'hedge_mode' })
    const refused = await client.orders.place(restingBuy).catch((e: unknown) => e)
    expect(paths(refused)).toEqual([['tradeSide']])
    expect(reads()).toBe(0)
    const given = fresh({ positionMode: 'one_way' })
    made.sandbox.admin.setClassicPositionMode('hedge', { uid: given.uid })
    pass(1500)
    const error = await given.client.orders.place(hedgeBuy).catch((e: unknown) => e)
    expect(paths(error)).toEqual([['tradeSide']])
    expect(given.reads()).toBe(0)
  })

  test('switched back to one-way elsewhere: a correct one-way order is placed, the account read once more', async () => {
    const { uid, client, reads } = fresh()
    made.sandbox.admin.setClassicPositionMode('hedge', { uid })
    await client.orders.place(hedgeBuy) // hedge, read once
    made.sandbox.admin.setClassicPositionMode('one_way', { uid })
    pass(1500)
    const placed = await client.orders.place(restingBuy)
    expect(placed.orderId).toEqual(expect.any(String))
    expect(reads()).toBe(2)
  })
})
