/**
 * subscribe, redeem and the reads of the savings account against the sandbox over HTTP: the
 * orderId of a subscription is what subscribeResult reads, bad input is refused before sending,
 * and an unknown outcome is reconciled by lookup, never sent twice.
 */
import { UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterEach, describe, expect, test } from 'vitest'
import { createSavingsClient, SavingsOutcomeUnknownError } from '../index.js'

let sandbox: RunningSandbox | undefined
afterEach(() => sandbox?.close())

const path = '/api/v2/earn/savings/subscribe'

async function open() {
  sandbox = await startSandbox({ rateLimits: false, strict: true, recordRequests: true })
  sandbox.admin.setBalance('USDT', '5000')
  const client = createSavingsClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    reconcile: { attempts: 3, baseDelayMs: 1 },
  })
  const made = sandbox
  const sent = () => made.admin.requests().filter((r) => r.path === path).length
  const usdt = () => Object.values(made.admin.state().balances)[0]?.USDT
  return { client, sandbox: made, sent, usdt }
}

describe('subscribe', () => {
  test('a subscription placed by the client yields the orderId that subscribeResult reads', async () => {
    const { client, usdt } = await open()
    const { orderId } = await client.subscribe({
      productId: '1001',
      periodType: 'flexible',
      amount: '250.5',
    })
    expect(await client.getSubscribeResult({ orderId, periodType: 'flexible' })).toEqual({
      result: 'success',
      msg: null,
    })
    expect(usdt()).toBe('4749.5')
    const { resultList } = await client.getRecords({
      periodType: 'flexible',
      orderType: 'subscribe',
    })
    expect(resultList.map((r) => [r.orderId, r.amount, r.orderType])).toEqual([
      [orderId, '250.5', 'subscribe'],
    ])
  })

  test('bad input is refused naming the field and the rule; nothing is sent', async () => {
    const { client, sent } = await open()
    const error = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '-1' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['amount']])
    expect((error as Error).message).toContain('amount')
    const zero = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '0' })
      .catch((e: unknown) => e)
    expect((zero as ValidationError).issues[0]?.expected).toBe('a value greater than 0')
    expect(sent()).toBe(0)
  })

  test('an unknown outcome that was applied (code after the subscription) is settled by the records: its orderId, sent once', async () => {
    const { client, sandbox, sent, usdt } = await open()
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '45001' })
    const { orderId } = await client.subscribe({
      productId: '1002',
      periodType: 'fixed',
      amount: '300',
    })
    expect(sent()).toBe(1)
    expect(usdt()).toBe('4700')
    expect((await client.getSubscribeResult({ orderId, periodType: 'fixed' })).result).toBe(
      'success',
    )
    const [holding] = (await client.getAssets({ periodType: 'fixed' })).resultList
    expect(holding?.orderId).toBe(orderId)
  })

  test('an unknown outcome that was not applied stays unknown (none found), never sent again', async () => {
    const { client, sandbox, sent, usdt } = await open()
    sandbox.admin.injectFault({ path, kind: 'code-before', code: '40725' })
    const error = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
      .catch((e: unknown) => e)
    expect(SavingsOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ ambiguity: 'none-found', candidates: [], attempts: 3 })
    expect((error as Error).message).toContain('found no subscription of 100 of product 1001')
    expect(sent()).toBe(1)
    expect(usdt()).toBe('5000')
  })

  test('ambiguous: two subscriptions of the same amount in the window, one by another client, stay unknown with both orderIds', async () => {
    const { client, sandbox, sent } = await open()
    // Another process of the same account.
    const other = createSavingsClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const earlier = await other.subscribe({
      productId: '1001',
      periodType: 'flexible',
      amount: '100',
    })
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '40010' })
    const error = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
      .catch((e: unknown) => e)
    expect(SavingsOutcomeUnknownError.isInstance(error)).toBe(true)
    const { candidates, ambiguity } = error as SavingsOutcomeUnknownError
    expect(ambiguity).toBe('several-found')
    expect(candidates).toHaveLength(2)
    expect(candidates).toContain(earlier.orderId)
    expect(sent()).toBe(2)
  })

  test('"the outcome is unknown and must be checked": a subscription this client answered before is that call\'s, never a later one\'s; lost before it applied, the later one stays unknown; a third whose one match the second may have made stays unknown naming it', async () => {
    const { client, sandbox, sent, usdt } = await open()
    const earlier = await client.subscribe({
      productId: '1001',
      periodType: 'flexible',
      amount: '100',
    })
    sandbox.admin.injectFault({ path, kind: 'code-before', code: '40725' })
    const error = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
      .catch((e: unknown) => e)
    expect(SavingsOutcomeUnknownError.isInstance(error)).toBe(true)
    expect((error as SavingsOutcomeUnknownError).candidates).toEqual([])
    expect(usdt()).toBe('4900')
    // Applied, then lost: its own record is the one match, never the first one; but the second,
    // ended unknown a moment before with the same amount, may have made it (applied late).
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '40725' })
    const third = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
      .catch((e: unknown) => e)
    const { resultList } = await client.getRecords({
      periodType: 'flexible',
      orderType: 'subscribe',
    })
    const own = resultList.map((r) => r.orderId).filter((id) => id !== earlier.orderId)
    expect(own).toHaveLength(1)
    expect(third).toMatchObject({
      name: 'SavingsOutcomeUnknownError',
      ambiguity: 'several-found',
      candidates: own,
    })
    expect((third as Error).message).toContain('another subscription of the same amount')
    expect(usdt()).toBe('4800')
    expect(sent()).toBe(3)
  })

  test('reconcile: false leaves the transport error as it is', async () => {
    const { client, sandbox } = await open()
    sandbox.admin.injectFault({ path, kind: 'code-after', code: '45001' })
    const error = await client
      .subscribe({ productId: '1001', periodType: 'flexible', amount: '20' }, { reconcile: false })
      .catch((e: unknown) => e)
    expect((error as Error).name).toBe('UnknownOutcomeError')
  })
})

describe('redeem, redeemResult, assets, records, account', () => {
  test('a flexible redemption credits spot; its orderId reads success; the holding shrinks', async () => {
    const { client, usdt } = await open()
    await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '600' })
    const ack = await client.redeem({ productId: '1001', periodType: 'flexible', amount: '200' })
    expect(ack.status).toBe('200.000000')
    expect(await client.getRedeemResult({ orderId: ack.orderId, periodType: 'flexible' })).toEqual({
      result: 'success',
      msg: null,
    })
    expect(usdt()).toBe('4600')
    const [holding] = (await client.getAssets({ periodType: 'flexible' })).resultList
    expect(holding).toMatchObject({ holdAmount: '400', periodType: 'flexible', orderId: null })
    const account = await client.getAccount()
    expect(account.usdtAmount).toBe('400.00000000')
  })

  test('an unknown outcome of a redemption that was applied is settled by the redeem records, sent once', async () => {
    const { client, sandbox, usdt } = await open()
    await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '600' })
    const redeemPath = '/api/v2/earn/savings/redeem'
    sandbox.admin.injectFault({ path: redeemPath, kind: 'code-after', code: '40010' })
    const ack = await client.redeem({ productId: '1001', periodType: 'flexible', amount: '150' })
    expect(ack.status).toBeNull()
    expect(
      (await client.getRedeemResult({ orderId: ack.orderId, periodType: 'flexible' })).result,
    ).toBe('success')
    expect(usdt()).toBe('4550')
    expect(sandbox.admin.requests().filter((r) => r.path === redeemPath)).toHaveLength(1)
  })

  test('an unknown outcome of a redemption that was not applied stays unknown, never sent again', async () => {
    const { client, sandbox } = await open()
    await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '600' })
    sandbox.admin.injectFault({ path: '/api/v2/earn/savings/redeem', kind: 'drop' })
    const error = await client
      .redeem({ productId: '1001', periodType: 'flexible', amount: '150' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'SavingsOutcomeUnknownError',
      operation: 'redeem',
      ambiguity: 'none-found',
    })
    expect((error as Error).message).toContain('found no redemption of 150 of product 1001')
    const redeems = sandbox.admin.requests().filter((r) => r.path === '/api/v2/earn/savings/redeem')
    expect(redeems).toHaveLength(1)
  })

  test('a fixed redemption without orderId is refused before sending, naming orderId', async () => {
    const { client } = await open()
    const error = await client
      .redeem({ productId: '1002', periodType: 'fixed', amount: '100' })
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([['orderId']])
  })

  test('the exchange refusal of a second redemption within a minute comes back as an ApiError with its code', async () => {
    const { client } = await open()
    await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '600' })
    await client.redeem({ productId: '1001', periodType: 'flexible', amount: '10' })
    const error = await client
      .redeem({ productId: '1001', periodType: 'flexible', amount: '10' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'ApiError', code: '40054' })
  })
})
