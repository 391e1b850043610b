/**
 * A subscription's amount is checked against the product's subscribe-info ("Get subscription
 * detail before subscribe savings") before it is sent, against the sandbox over HTTP: below
 * singleMinAmount, above singleMaxAmount, more decimals than subscribePrecision are a
 * ValidationError naming amount and the rule, nothing sent. The read is cached per product for
 * a short time on the client's clock.
 */
import { ValidationError } from '@tradeline/core'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterEach, describe, expect, test } from 'vitest'
import { createSavingsClient } from '../index.js'

let sandbox: RunningSandbox | undefined
afterEach(() => sandbox?.close())

const subscribePath = '/api/v2/earn/savings/subscribe'
const infoPath = '/api/v2/earn/savings/subscribe-info'

async function open(extra: Partial<createSavingsClient.Parameters> = {}) {
  let now = Date.UTC(2026, 6, 1, 14)
  const clock = { now: () => now }
  sandbox = await startSandbox({ rateLimits: false, strict: true, recordRequests: true, clock })
  sandbox.admin.setBalance('USDT', '500000')
  const client = createSavingsClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    clock,
    ...extra,
  })
  const made = sandbox
  const sent = (path: string) => made.admin.requests().filter((r) => r.path === path).length
  const advance = (ms: number) => {
    now += ms
  }
  return { client, sent, advance }
}

const flexible = (amount: string) =>
  ({ productId: '1001', periodType: 'flexible', amount }) as const

describe('subscribe: the amount against the product`s subscribe-info, before sending', () => {
  // Product 1001: singleMinAmount 10, singleMaxAmount 100000, subscribePrecision 2.
  test.each([
    ['5', 'minimum', 'amount: expected at least 10 (the product\'s singleMinAmount), received "5"'],
    [
      '200000',
      'range',
      'amount: expected at most 100000 (the product\'s singleMaxAmount), received "200000"',
    ],
    [
      '10.123',
      'precision',
      'amount: expected at most 2 decimal places (the product\'s subscribePrecision), received "10.123"',
    ],
  ])(
    '%s: a ValidationError naming amount and the rule (%s); nothing sent',
    async (amount, type, message) => {
      const { client, sent } = await open()
      const error = await client.subscribe(flexible(amount)).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error)).toBe(true)
      expect((error as ValidationError).issues).toMatchObject([{ type, path: ['amount'], message }])
      expect(sent(subscribePath)).toBe(0)
    },
  )

  test('within the limits it is sent; the answer carries status as the page shows it', async () => {
    const { client, sent } = await open()
    const ack = await client.subscribe(flexible('10.5'))
    expect(ack).toEqual({ orderId: expect.stringMatching(/^\d+$/), status: '10.500000' })
    expect(sent(subscribePath)).toBe(1)
  })

  test('the subscribe-info read is cached per product for a minute on the client`s clock', async () => {
    const { client, sent, advance } = await open()
    await client.subscribe(flexible('10'))
    await client.subscribe(flexible('5')).catch(() => undefined)
    await client.subscribe({ productId: '1002', periodType: 'fixed', amount: '100' })
    expect(sent(infoPath)).toBe(2)
    advance(59_999)
    await client.subscribe(flexible('11'))
    expect(sent(infoPath)).toBe(2)
    advance(1)
    await client.subscribe(flexible('12'))
    expect(sent(infoPath)).toBe(3)
  })

  test('conditions given by the caller are used without a read; subscribeInfo: false sends as given', async () => {
    const { client, sent } = await open()
    const info = await client.getSubscribeInfo({ productId: '1001', periodType: 'flexible' })
    const reads = sent(infoPath)
    const error = await client
      .subscribe(flexible('10.123'), { subscribeInfo: info })
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues[0]?.type).toBe('precision')
    expect(sent(infoPath)).toBe(reads)
    expect(sent(subscribePath)).toBe(0)
    // Without the check the exchange takes it and fails it in subscribe-result.
    const { orderId } = await client.subscribe(flexible('10.123'), { subscribeInfo: false })
    expect((await client.getSubscribeResult({ orderId, periodType: 'flexible' })).result).toBe(
      'fail',
    )
  })

  test('the client option subscribeInfo: false turns the check off (and reads nothing)', async () => {
    const { client, sent } = await open({ subscribeInfo: false })
    const { orderId } = await client.subscribe(flexible('5'))
    expect((await client.getSubscribeResult({ orderId, periodType: 'flexible' })).result).toBe(
      'fail',
    )
    expect(sent(infoPath)).toBe(0)
  })

  test('decision: a failed subscribe-info read (HTTP 500, 429) does not stop a valid subscription: it is sent unchecked and the exchange judges it', async () => {
    const { client, sent } = await open({ retry: { limit: 0 } })
    for (const kind of ['http500', 'http429'] as const) {
      sandbox?.admin.injectFault({ path: infoPath, kind })
      const { orderId } = await client.subscribe(flexible('100'))
      expect(orderId).toEqual(expect.any(String))
    }
    expect(sent(subscribePath)).toBe(2)
    // A read that answers again checks again: below the minimum is refused before sending.
    await expect(client.subscribe(flexible('5'))).rejects.toThrow(ValidationError)
    expect(sent(subscribePath)).toBe(2)
  })
})
