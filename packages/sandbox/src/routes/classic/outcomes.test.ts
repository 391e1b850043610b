import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, market, order, pair } from '../../test/classic.js'
import { start } from '../../test/unified.js'
import { createTimerGate } from '../../timerGate.js'

let ctx: Awaited<ReturnType<typeof start>>
const gate = createTimerGate()
beforeAll(async () => {
  ctx = await start({ timers: gate })
})
afterAll(() => ctx.sandbox.close())
afterEach(() => {
  gate.release()
  ctx.sandbox.admin.clearFaults()
  ctx.sandbox.admin.setPrice('BTCUSDT', '65000.0')
})

describe('unknown outcomes on the classic paths (src/faults.ts)', () => {
  test.each(['40010', '40725', '45001'] as const)(
    '%s ... outcome unknown: code-before answers the code and places nothing; the detail by clientOid says so (40109)',
    async (code) => {
      const a = classicAccount(ctx)
      ctx.sandbox.admin.injectFault({ path: classicPaths.place, kind: 'code-before', code })
      const { body } = await a.api.post(classicPaths.place, order({ clientOid: `cb-${code}` }))
      expect(body.code).toBe(code)
      expect((await a.read.detail({ clientOid: `cb-${code}` })).code).toBe('40109')
    },
  )

  test('code-after places the order, then answers 40725: the detail by clientOid finds it', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.injectFault({ path: classicPaths.place, kind: 'code-after' })
    const { body } = await a.api.post(classicPaths.place, order({ clientOid: 'ca-1' }))
    expect(body).toMatchObject({ code: '40725', msg: 'service return an error', data: null })
    expect((await a.read.detail({ clientOid: 'ca-1' })).data).toMatchObject({ state: 'live' })
    const again = await a.api.post(classicPaths.place, order({ clientOid: 'ca-1' }))
    expect(again.body.code).toBe('40786')
  })

  test('drop on a reversal: the connection is lost and nothing moves; with applied: true the position is reversed', async () => {
    const a = classicAccount(ctx)
    a.hold('net', '1')
    const reversal = { ...pair, marginCoin: 'USDT', side: 'buy' }
    ctx.sandbox.admin.injectFault({ path: classicPaths.reverse, kind: 'drop' })
    await expect(a.api.post(classicPaths.reverse, reversal)).rejects.toThrow()
    expect(await a.read.sizes()).toEqual({ long: '1', short: '0' })
    ctx.sandbox.admin.injectFault({ path: classicPaths.reverse, kind: 'drop', applied: true })
    await expect(a.api.post(classicPaths.reverse, reversal)).rejects.toThrow()
    expect(await a.read.sizes()).toEqual({ long: '0', short: '1' })
  })

  test('delay on batch-place-order: the caller times out, the orders are still placed', async () => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.injectFault({ path: classicPaths.batchPlace, kind: 'delay', delayMs: 300 })
    const body = JSON.stringify({
      ...pair,
      marginCoin: 'USDT',
      marginMode: 'crossed',
      orderList: [
        { size: '1', side: 'buy', orderType: 'limit', price: '60000', clientOid: 'dl-1' },
      ],
    })
    // Held at the gate: unanswered (and not placed) until the test lets the delay end.
    gate.hold()
    let answered = false
    const call = a.api.postText(classicPaths.batchPlace, body).finally(() => {
      answered = true
    })
    await expect.poll(() => gate.waiting(), { timeout: 10_000, interval: 5 }).toBe(1)
    expect(answered).toBe(false)
    expect((await a.read.detail({ clientOid: 'dl-1' })).code).toBe('40109')
    gate.release()
    await call
    expect((await a.read.detail({ clientOid: 'dl-1' })).data).toMatchObject({ state: 'live' })
  })

  test('http500 and malformed on cancel-order, modify-order and the reads', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, order({ clientOid: 'h5-1' }))
    ctx.sandbox.admin.injectFault({ path: classicPaths.cancel, kind: 'http500', applied: true })
    await expect(a.api.post(classicPaths.cancel, { ...pair, clientOid: 'h5-1' })).rejects.toThrow()
    expect((await a.read.detail({ clientOid: 'h5-1' })).data.state).toBe('canceled')
    ctx.sandbox.admin.injectFault({ path: classicPaths.pending, kind: 'malformed' })
    await expect(a.api.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).rejects.toThrow()
    ctx.sandbox.admin.injectFault({ path: classicPaths.modify, kind: 'code-before', code: '45001' })
    const modify = {
      ...pair,
      clientOid: 'h5-1',
      newClientOid: 'h5-2',
      newSize: '2',
      newPrice: '61000',
    }
    expect((await a.api.post(classicPaths.modify, modify)).body.code).toBe('45001')
  })

  test('flash close with code-after: positions are closed although the answer is 40010', async () => {
    const a = classicAccount(ctx)
    await a.api.post(classicPaths.place, market())
    ctx.sandbox.admin.injectFault({
      path: classicPaths.closePositions,
      kind: 'code-after',
      code: '40010',
    })
    const { body } = await a.api.post(classicPaths.closePositions, { productType: 'USDT-FUTURES' })
    expect(body.code).toBe('40010')
    expect(await a.read.positions()).toEqual({})
  })
})

describe("rate limits from the rules' table", () => {
  test('classic place-order | 10 per second per UID: the 11th within a second answers 429', async () => {
    const limited = await start({ rateLimits: true })
    try {
      const a = classicAccount(limited)
      const codes: number[] = []
      for (let i = 0; i < 11; i++)
        codes.push((await a.api.post(classicPaths.place, order({ size: '0.01' }))).status)
      expect(codes.slice(0, 10).every((s) => s === 200)).toBe(true)
      expect(codes[10]).toBe(429)
      limited.clock.set(limited.clock.now() + 1000)
      expect((await a.api.post(classicPaths.place, order({ size: '0.01' }))).status).toBe(200)
    } finally {
      await limited.sandbox.close()
    }
  })

  test('classic reversal | 10 per second per UID; 1 per second for copy-trading traders; the exchange docs "classic flash close | 1/s"; docs/records.md all-position 5/s', async () => {
    const limited = await start({ rateLimits: true })
    try {
      const trader = classicAccount(limited, 'one_way', { eliteTrader: true })
      const plain = classicAccount(limited)
      const reversal = { ...pair, marginCoin: 'USDT', side: 'buy' }
      trader.hold('net', '1')
      plain.hold('net', '1')
      expect((await trader.api.post(classicPaths.reverse, reversal)).status).toBe(200)
      expect((await trader.api.post(classicPaths.reverse, reversal)).status).toBe(429)
      expect((await plain.api.post(classicPaths.reverse, reversal)).status).toBe(200)
      expect((await plain.api.post(classicPaths.reverse, reversal)).status).toBe(200)
      const close = { productType: 'USDT-FUTURES' }
      expect((await plain.api.post(classicPaths.closePositions, close)).status).toBe(200)
      expect((await plain.api.post(classicPaths.closePositions, close)).status).toBe(429)
      const read = () => plain.api.get(classicPaths.positions, close)
      const statuses = [] as number[]
      for (let i = 0; i < 6; i++) statuses.push((await read()).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    } finally {
      await limited.sandbox.close()
    }
  })
})
