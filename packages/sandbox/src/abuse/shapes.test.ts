// Request shapes a code review found crashing or misread (over real HTTP, non-strict as users run
// it): a non-object batch item, a path named like an Object.prototype member, a body made of
// `__proto__` only, a JSON number a double cannot hold, an explorer body past the body limit.
// Each is answered with its documented code, never a 500, and the sandbox stays healthy.
import { ClassicFutures } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { order as classicOrder, classicPaths, market } from '../test/classic.js'
import { type Caller, ethBuy, paths, start } from '../test/unified.js'
import { health, raw, startAbuse } from './harness.js'

let ctx: Awaited<ReturnType<typeof startAbuse>>
let n = 0
/** A key of a classic account: the classic endpoints answer it (a unified key gets 40085). */
let classic: Caller
beforeAll(async () => {
  ctx = await startAbuse()
  classic = ctx.as(ctx.sandbox.admin.addKey({ accountMode: 'classic' }))
})
afterAll(async () => {
  expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  await ctx.sandbox.close()
})

const healthy = async () =>
  expect(await health(ctx, n++)).toEqual(['00000', '00000', '00000', '00000'])

describe('a batch item that is not an object', () => {
  test('place-batch [valid, null] places item 0 and answers item 1 as its own failure (it answered 500 40015)', async () => {
    const { status, body } = await ctx.api.post(paths.placeBatch, [
      ethBuy({ clientOid: 'b0' }),
      null,
    ])
    expect(status).toBe(200)
    expect(body.code).toBe('00000')
    expect(body.data).toEqual([
      { orderId: expect.any(String), clientOid: 'b0', code: '00000', msg: 'success' },
      { orderId: null, clientOid: null, code: '40017', msg: expect.stringContaining('[1]') },
    ])
    expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    await healthy()
  })

  test.each([
    ['null', [null]],
    ['a number and a string', [7, 'x']],
    ['an array', [[]]],
  ])(
    'cancel-batch with %s answers each item as its own failure (it answered 500 40015)',
    async (_name, items) => {
      const { status, body } = await ctx.api.post(paths.cancelBatch, items)
      expect(status).toBe(200)
      expect(body.code).toBe('00000')
      expect(body.data).toEqual(
        items.map(() => ({
          orderId: null,
          clientOid: null,
          code: '40017',
          msg: expect.any(String),
        })),
      )
      expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    },
  )

  test('cancel-batch [orderId item, null] cancels the order and fails the null item alone', async () => {
    const placed = await ctx.api.post(paths.place, ethBuy({ clientOid: 'cb-null' }))
    const { body } = await ctx.api.post(paths.cancelBatch, [
      { category: 'SPOT', symbol: 'ETHUSDT', orderId: placed.body.data.orderId },
      null,
    ])
    expect(body.data.map((item: { code: string }) => item.code)).toEqual(['00000', '40017'])
    await healthy()
  })

  test('the classic batches still refuse a non-object item as a whole-request failure', async () => {
    const place = await classic.post(classicPaths.batchPlace, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      marginMode: 'crossed',
      orderList: [{ size: '1', side: 'buy', orderType: 'limit', price: '60000' }, null],
    })
    expect([place.status, place.body.code, place.body.data]).toEqual([400, '40017', null])
    const cancel = await classic.post(classicPaths.batchCancel, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      orderIdList: [null],
    })
    expect([cancel.status, cancel.body.code, cancel.body.data]).toEqual([400, '40017', null])
  })
})

describe('paths named like Object.prototype members', () => {
  test.each(['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'])(
    'GET /explorer/%s answers 404 40404 (it answered 500)',
    async (name) => {
      const answer = await raw(ctx.sandbox.url, { method: 'GET', path: `/explorer/${name}` })
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ code: '40404' })
      expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    },
  )
})

describe('a body made of __proto__ only', () => {
  // A valid classic market order (`price: undefined` is left out of the JSON).
  const fields = market({ size: '0.01' })
  const plan = {
    ...fields,
    planType: 'normal_plan',
    triggerPrice: '66000',
    triggerType: 'fill_price',
  }
  test.each([
    [classicPaths.place, fields],
    [ClassicFutures.placePlanOrder.path, plan],
  ])(
    'POST %s {"__proto__":{...a valid request}} is refused with 40017, as strict mode refuses it (it was placed)',
    async (path, request) => {
      const { status, body } = await classic.postText(
        path,
        `{"__proto__":${JSON.stringify(request)}}`,
      )
      expect([status, body.code, body.data]).toEqual([400, '40017', null])
      expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
    },
  )

  test('unified place-order {"__proto__":{...an order}} is refused with 40017', async () => {
    const { status, body } = await ctx.api.postText(
      paths.place,
      `{"__proto__":${JSON.stringify(ethBuy())}}`,
    )
    expect([status, body.code]).toEqual([400, '40017'])
    await healthy()
  })
})

describe('a query parameter named __proto__', () => {
  test('strict: GET unfilled-orders?__proto__=x is refused naming the field (it was dropped unseen)', async () => {
    const strict = await start()
    try {
      // An own key (a literal `__proto__:` would set the literal's prototype instead).
      const query = Object.fromEntries([
        ['category', 'SPOT'],
        ['__proto__', 'x'],
      ])
      const { status, body } = await strict.api.get(paths.unfilled, query)
      expect([status, body.code]).toEqual([400, '40017'])
      expect(body.msg).toContain('__proto__')
      expect(strict.sandbox.sandbox.internalErrors.count).toBe(0)
    } finally {
      await strict.sandbox.close()
    }
  })

  test('admin: GET /sandbox/state?__proto__=1 is refused with 40017 as any field it does not take', async () => {
    const answer = await raw(ctx.sandbox.url, { method: 'GET', path: '/sandbox/state?__proto__=1' })
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([400, '40017'])
    const other = await raw(ctx.sandbox.url, { method: 'GET', path: '/sandbox/state?other=1' })
    expect(other.status).toBe(400)
  })
})

describe('prices and sizes sent as JSON numbers (classic, non-strict)', () => {
  test('a price a double cannot hold keeps its exact text and is refused by the price step, 41103 (it was rounded to 60000 and placed)', async () => {
    const body = JSON.stringify(classicOrder({ clientOid: 'num-long' })).replace(
      '"price":"60000"',
      '"price":60000.00000000000000001',
    )
    const answer = await classic.postText(classicPaths.place, body)
    expect([answer.body.code, answer.body.msg]).toEqual(['41103', 'param price scale error'])
  })

  test('a small size is read as its plain decimal text 0.0000005, not 5e-7: refused by the size step, 40808', async () => {
    const body = JSON.stringify(classicOrder({ clientOid: 'num-small' })).replace(
      '"size":"1"',
      '"size":0.0000005',
    )
    const answer = await classic.postText(classicPaths.place, body)
    // It was refused as `size: expected a decimal string, received "5e-7"` (40017).
    expect(answer.body.code).toBe('40808')
  })

  test('a price and size a double holds exactly are still placed', async () => {
    const body = JSON.stringify(classicOrder({ clientOid: 'num-ok' }))
      .replace('"price":"60000"', '"price":60000.5')
      .replace('"size":"1"', '"size":0.5')
    const answer = await classic.postText(classicPaths.place, body)
    expect(answer.body.code).toBe('00000')
  })
})

describe('POST /explorer/check reads its body within the body limit', () => {
  test('a 2 MiB body answers 413 40017 (it was read whole by c.req.json())', async () => {
    const answer = await raw(ctx.sandbox.url, {
      method: 'POST',
      path: '/explorer/check',
      headers: { 'content-type': 'application/json' },
      body: { chunk: Buffer.alloc(64 * 1024, ' '), size: 2 * 1024 * 1024 },
    })
    expect(answer.status).toBe(413)
    expect(answer.body).toMatchObject({ code: '40017' })
  })

  test('a 2 MiB body declared by Content-Length answers 413 before it is read', async () => {
    const answer = await raw(ctx.sandbox.url, {
      method: 'POST',
      path: '/explorer/check',
      headers: { 'content-type': 'application/json' },
      body: { chunk: Buffer.alloc(64 * 1024, ' '), size: 2 * 1024 * 1024, declared: true },
    })
    expect([answer.status, (answer.body as { code: string }).code]).toEqual([413, '40017'])
    await healthy()
  })

  test('a small check still answers', async () => {
    const answer = await raw(ctx.sandbox.url, {
      method: 'POST',
      path: '/explorer/check',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: paths.place, input: ethBuy() }),
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ known: true, issues: [] })
  })
})
