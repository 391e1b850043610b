/**
 * The checks of a placement's and a modification's prices and fields before they are sent
 * (the rules' `Securities.tickIssues`, `modifyFieldIssues`), against the sandbox over HTTP:
 * what the client refuses is never sent; what it lets through the sandbox judges.
 */
import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSecuritiesClient } from '../createSecuritiesClient.js'
import { setup, T0 } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())

function funded(cash = '100000') {
  const client = ctx.client(['trade_rw'], { rateLimiter: false })
  ctx.sandbox.admin.setStockCash(cash, client.uid)
  return client
}

const limit = {
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '2',
  submittedPrice: '150',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const
const option = 'AAPL260918C00230000.US'

/** The error the call throws (or what it resolves to). */
const outcome = (call: Promise<unknown>) => call.catch((error: unknown) => error)

function issuesOf(error: unknown) {
  expect(ValidationError.isInstance(error)).toBe(true)
  return (error as ValidationError).issues.map((issue) => ({
    type: issue.type,
    path: issue.path,
    message: issue.message,
  }))
}

describe('placement: a price off its tick is refused before sending, naming the field and the rule', () => {
  test.each([
    [
      'a stock at 1 USD or more, off 0.005',
      { submittedPrice: '150.003' },
      'submittedPrice',
      '0.005',
    ],
    ['a stock below 1 USD, off 0.0001', { submittedPrice: '0.12345' }, 'submittedPrice', '0.0001'],
    [
      'an option premium, off 0.01',
      { symbol: option, submittedPrice: '1.005', outsideRth: undefined },
      'submittedPrice',
      '0.01',
    ],
    [
      'a trigger price',
      { orderType: 'LIT', submittedPrice: '150', triggerPrice: '149.999' },
      'triggerPrice',
      '0.005',
    ],
    [
      'a monitor price',
      {
        orderType: 'TSLPAMT',
        submittedPrice: undefined,
        trailingAmount: '1',
        limitOffset: '0.1',
        monitorPrice: '0.00001',
      },
      'monitorPrice',
      '0.0001',
    ],
  ] as const)('%s', async (_name, change, field, tick) => {
    const client = funded()
    const error = await outcome(client.orders.place({ ...limit, ...change } as never))
    const [issue, ...rest] = issuesOf(error)
    expect(rest).toEqual([])
    expect(issue).toMatchObject({ type: 'tick', path: [field] })
    expect(issue?.message).toMatch(
      new RegExp(`^${field}: expected a multiple of ${tick} \\(.*\\), received`),
    )
    expect(client.sent).toEqual([])
  })

  test('decision: 150.005 is sent (a stock of the amended Rule 612`s 0.005 group may take it); the sandbox`s stocks tick 0.01 and refuse it with 40808', async () => {
    const client = funded()
    const error = await outcome(client.orders.place({ ...limit, submittedPrice: '150.005' }))
    expect(ApiError.isInstance(error) && error.code).toBe('40808')
    expect(client.sent).toEqual(['securities.getStatic', 'securities.placeOrder'])
  })

  test('prices on their tick are placed', async () => {
    const client = funded()
    await client.orders.place({ ...limit, submittedPrice: '150.01' })
    await client.orders.place({ ...limit, submittedPrice: '0.1234' })
    expect(client.sent.filter((e) => e === 'securities.placeOrder')).toHaveLength(2)
  })
})

describe('modification of an order the client knows: checked before sending', () => {
  test('an order it placed: a price off its tick, a fraction of a lot, a field its type forbids are refused naming modify`s fields; nothing sent', async () => {
    const client = funded()
    const { orderId } = await client.orders.place(limit)
    client.sent.length = 0
    const tick = await outcome(client.orders.modify({ orderId, quantity: '2', price: '150.003' }))
    expect(issuesOf(tick)).toMatchObject([{ type: 'tick', path: ['price'] }])
    const lot = await outcome(client.orders.modify({ orderId, quantity: '1.5', price: '150' }))
    expect(issuesOf(lot)).toMatchObject([
      { type: 'lot', path: ['quantity'], message: expect.stringContaining("AAPL.US's lotSize 1") },
    ])
    const forbidden = await outcome(
      client.orders.modify({ orderId, quantity: '2', trailingPercent: '3' }),
    )
    expect(issuesOf(forbidden)).toEqual([
      {
        type: 'forbidden',
        path: ['trailingPercent'],
        message: `trailingPercent: expected no value when the order's orderType is LO, received "3"`,
      },
    ])
    expect(client.sent).toEqual([])
    // On its tick and in whole lots, it is sent and applied.
    await client.orders.modify({ orderId, quantity: '3', price: '149.5' })
    expect(client.sent).toEqual(['securities.modifyOrder'])
    expect(await client.orders.get({ orderId })).toMatchObject({ quantity: '3', price: '149.5' })
  })

  test('an order it read (orders.get) is known too', async () => {
    const placer = funded()
    const { orderId } = await placer.orders.place(limit)
    const credentials = ctx.sandbox.admin.addKey({ uid: placer.uid, permissions: ['trade_rw'] })
    const sent: string[] = []
    const reader = createSecuritiesClient({
      baseUrl: ctx.sandbox.url,
      credentials,
      rateLimiter: false,
      clock: { now: () => T0 },
      hooks: { request: (view) => void sent.push(view.endpoint) },
    })
    await reader.orders.get({ orderId })
    const error = await outcome(reader.orders.modify({ orderId, quantity: '2', price: '0.12345' }))
    expect(issuesOf(error)).toMatchObject([{ type: 'tick', path: ['price'] }])
    expect(sent).toEqual(['securities.getOrderDetail'])
  })

  test('decision: an order the client does not know is sent as given (no read spent on it), and the exchange refuses it naming modify`s field', async () => {
    const placer = funded()
    const { orderId } = await placer.orders.place(limit)
    const credentials = ctx.sandbox.admin.addKey({ uid: placer.uid, permissions: ['trade_rw'] })
    const sent: string[] = []
    const other = createSecuritiesClient({
      baseUrl: ctx.sandbox.url,
      credentials,
      rateLimiter: false,
      clock: { now: () => T0 },
      hooks: { request: (view) => void sent.push(view.endpoint) },
    })
    const error = await outcome(other.orders.modify({ orderId, quantity: '2', price: '150.003' }))
    expect(ApiError.isInstance(error) && [error.code, error.message]).toEqual([
      '40808',
      expect.stringContaining('price tickSize error'),
    ])
    expect(sent).toEqual(['securities.modifyOrder'])
  })
})
