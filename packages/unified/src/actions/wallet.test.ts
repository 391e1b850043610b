// account.getDepositAddress, getDepositRecords, withdraw and getWithdrawalRecords against a strict
// sandbox over real HTTP: deposits the sandbox's admin makes are read back, a withdrawal really
// leaves the funding account (read before and after), a refusal arrives as an ApiError with its
// code, a bad request is refused before sending, and a withdrawal whose outcome is unknown is
// never sent again: it is looked up by its clientOid in the withdrawal records, and exactly one
// withdrawal is applied, whatever the fault.
import { ApiError, UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { WithdrawalFailedError, WithdrawalOutcomeUnknownError } from '../index.js'
import { setup } from '../test/sandbox.js'

/**
 * The timers the sandbox's `delay` faults wait on: the timed-out withdrawal is held at the gate
 * until the client has given up and looked it up, then applied, instead of betting a delay
 * against the timeout.
 */
const gate = createTimerGate()
let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ timers: gate })
})
afterAll(async () => {
  gate.release()
  await made.sandbox.close()
})

const withdrawalPath = '/api/v3/account/withdrawal'
const out = {
  coin: 'USDT',
  transferType: 'internal_transfer',
  address: '234234242',
  size: '250',
} as const
/** A window around now, of the sandbox's own clock (the real one here). */
const around = () => ({
  startTime: String(made.sandbox.admin.now() - 3_600_000),
  endTime: String(made.sandbox.admin.now() + 3_600_000),
})

let accounts = 0
/** A client of a fresh unified account (its own uid) with 1000 USDT deposited to its funding account. */
function fresh(extra: Parameters<typeof made.client>[0] = {}) {
  const uid = String(9_830_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid })
  admin.addDeposit({ uid, coin: 'USDT', size: '1000' })
  // Three quick lookups of an unknown outcome (the default is six, from 250 ms).
  const client = made.client({ credentials, reconcile: { attempts: 3, baseDelayMs: 5 }, ...extra })
  return Object.assign(client, { credentialsForTest: credentials })
}
type Client = ReturnType<typeof fresh>

/** The USDT of the funding account and the withdrawals made, as [size, clientOid]. */
async function funds(client: Client) {
  const [funding] = await client.account.getFundingAssets({ coin: 'USDT' })
  const withdrawals = await client.account.getWithdrawalRecords(around())
  return {
    funding: funding?.available ?? '0',
    withdrawals: withdrawals.map((w) => [w.size, w.clientOid]),
  }
}

const withdrawalsSent = (client: Client) => client.sent.filter((id) => id === 'unified.withdraw')

describe('account.getDepositAddress and account.getDepositRecords', () => {
  test("the account's address of a coin and chain, the same on every call; the admin's deposits listed", async () => {
    const client = fresh()
    const address = await client.account.getDepositAddress({ coin: 'USDT', chain: 'trc20' })
    expect(address).toEqual({
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      chain: 'trc20',
      coin: 'USDT',
      tag: null,
      url: null,
    })
    expect(await client.account.getDepositAddress({ coin: 'usdt', chain: 'trc20' })).toEqual(
      address,
    )
    const deposits = await client.account.getDepositRecords(around())
    expect(deposits).toEqual([
      expect.objectContaining({ coin: 'USDT', size: '1000', status: 'success', type: 'deposit' }),
    ])
  })

  test('startTime and endTime are required: refused before sending, naming both', async () => {
    const client = fresh()
    const error = await client.account.getDepositRecords({} as never).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['startTime']],
      ['missing', ['endTime']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('account.withdraw', () => {
  test('leaves the funding account once, with a generated clientOid the withdrawal records show', async () => {
    const client = fresh()
    const sent = await client.account.withdraw(out)
    expect(sent).toEqual({ orderId: expect.stringMatching(/^\d+$/), clientOid: expect.any(String) })
    expect(await funds(client)).toEqual({ funding: '750', withdrawals: [['250', sent.clientOid]] })
    const [record] = await client.account.getWithdrawalRecords({
      ...around(),
      clientOid: sent.clientOid,
    })
    expect(record).toMatchObject({
      orderId: sent.orderId,
      status: 'success',
      dest: 'internal_transfer',
    })
    // The caller's own clientOid is sent as given.
    expect(
      (await client.account.withdraw({ ...out, size: '1', clientOid: 'rent-may' })).clientOid,
    ).toBe('rent-may')
  })

  test("the exchange's refusal of more than the funding account holds arrives as an ApiError 43012; nothing leaves", async () => {
    const client = fresh()
    const error = await client.account.withdraw({ ...out, size: '1000.01' }).catch((e) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('43012')
    expect(await funds(client)).toEqual({ funding: '1000', withdrawals: [] })
  })

  test('a bad request is refused before sending, naming each field', async () => {
    const client = fresh()
    const cases = [
      [{ ...out, transferType: 'on_chain' }, 'missing', 'chain'],
      [{ ...out, size: '0' }, 'range', 'size'],
      [{ ...out, size: 250 }, 'type', 'size'],
      [{ ...out, innerToType: 'mobile' }, 'missing', 'areaCode'],
      [{ ...out, clientOid: 'w#1' }, 'format', 'clientOid'],
      [{ ...out, amount: '1' }, 'unknown', 'amount'],
    ] as const
    for (const [parameters, type, field] of cases) {
      const error = await client.account.withdraw(parameters as never).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error), field).toBe(true)
      expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
        [type, [field]],
      ])
    }
    expect(client.sent).toEqual([])
  })

  test.each([
    ['45001 after it applied', { kind: 'code-after', code: '45001' }],
    ['40010 after it applied', { kind: 'code-after', code: '40010' }],
    ['the connection lost after it applied', { kind: 'drop', applied: true }],
    ['an unreadable answer after it applied', { kind: 'malformed', applied: true }],
  ] as const)(
    'an unknown outcome (%s) is found in the withdrawal records by clientOid and answered; sent once',
    async (_, fault) => {
      const client = fresh()
      made.sandbox.admin.injectFault({ path: withdrawalPath, method: 'POST', ...fault })
      const sent = await client.account.withdraw({ ...out, clientOid: 'lost-answer' })
      expect(sent).toEqual({ orderId: expect.stringMatching(/^\d+$/), clientOid: 'lost-answer' })
      expect(withdrawalsSent(client)).toEqual(['unified.withdraw'])
      expect(client.sent).toEqual(['unified.withdraw', 'unified.getWithdrawalRecords'])
      expect(await funds(client)).toEqual({
        funding: '750',
        withdrawals: [['250', 'lost-answer']],
      })
    },
  )

  test.each([
    ['40010 before it applied', { kind: 'code-before', code: '40010' }, 'code'],
    ['the connection lost before it applied', { kind: 'drop', applied: false }, 'network'],
  ] as const)(
    'decision: an unknown outcome (%s) the records do not show is a WithdrawalOutcomeUnknownError naming the clientOid, never resent; nothing left',
    async (_, fault, reason) => {
      const client = fresh()
      made.sandbox.admin.injectFault({ path: withdrawalPath, method: 'POST', ...fault })
      const error = await client.account.withdraw(out).catch((e: unknown) => e)
      expect(WithdrawalOutcomeUnknownError.isInstance(error)).toBe(true)
      // Still an UnknownOutcomeError: code that handles those handles this one.
      expect(UnknownOutcomeError.isInstance(error) && error.reason).toBe(reason)
      const { clientOid } = error as WithdrawalOutcomeUnknownError
      expect(clientOid).toMatch(/^[A-Za-z0-9_:-]{1,32}$/)
      expect(withdrawalsSent(client)).toEqual(['unified.withdraw'])
      expect(await funds(client)).toEqual({ funding: '1000', withdrawals: [] })
    },
  )

  test('an unknown outcome the records show fail is a WithdrawalFailedError naming the record; sent once, nothing left', async () => {
    const client = fresh()
    // The exchange's record of this clientOid says fail (seeded: the sandbox's own never do).
    const uid = String(9_830_000_000 + accounts)
    const seeded = made.sandbox.admin.addWithdrawal({
      ...out,
      uid,
      clientOid: 'refused-late',
      status: 'fail',
    })
    made.sandbox.admin.injectFault({
      path: withdrawalPath,
      method: 'POST',
      kind: 'code-before',
      code: '40010',
    })
    const error = await client.account
      .withdraw({ ...out, clientOid: 'refused-late' })
      .catch((e) => e)
    expect(WithdrawalFailedError.isInstance(error)).toBe(true)
    expect([
      (error as WithdrawalFailedError).clientOid,
      (error as WithdrawalFailedError).orderId,
    ]).toEqual(['refused-late', seeded.orderId])
    expect(withdrawalsSent(client)).toEqual(['unified.withdraw'])
    expect((await funds(client)).funding).toBe('1000')
  })

  test('a timed-out withdrawal the first lookup does not show and a later one does is the withdrawal: looked up as the reconciliation settings say, never resent', async () => {
    const uid = String(9_830_000_000 + ++accounts)
    const credentials = made.sandbox.admin.addKey({ uid })
    made.sandbox.admin.addDeposit({ uid, coin: 'USDT', size: '1000' })
    // Another client of the account, to see when the held withdrawal has landed.
    const probe = made.client({ credentials })
    const landed = async () =>
      (await probe.account.getWithdrawalRecords(around())).some((r) => r.clientOid === 'found-late')
    let lookups = 0
    const client = made.client({
      credentials,
      timeout: 250,
      reconcile: { attempts: 3, baseDelayMs: 5 },
      hooks: {
        // After the first lookup answered (without it), the held withdrawal lands.
        response: async (event) => {
          if (event.request.endpoint !== 'unified.getWithdrawalRecords' || ++lookups > 1) return
          expect(await landed()).toBe(false)
          gate.release()
          await vi.waitFor(async () => expect(await landed()).toBe(true))
        },
      },
    })
    const sends = () =>
      made.sandbox.admin.requests().filter((r) => r.path === withdrawalPath).length
    const before = sends()
    gate.hold()
    made.sandbox.admin.injectFault({ path: withdrawalPath, kind: 'delay', delayMs: 100 })
    const placed = await client.account.withdraw({ ...out, clientOid: 'found-late' })
    expect(lookups).toBe(2)
    expect(placed.clientOid).toBe('found-late')
    const records = await probe.account.getWithdrawalRecords(around())
    expect(records.map((r) => [r.orderId, r.clientOid])).toEqual([[placed.orderId, 'found-late']])
    // One withdrawal sent, and the funding account paid it once.
    expect(sends() - before).toBe(1)
    const [funding] = await probe.account.getFundingAssets({ coin: 'USDT' })
    expect(funding?.available).toBe('750')
  })

  test.each([
    ['this client, another withdrawal', false, { size: '30', address: '222' }],
    ['this client, the same withdrawal again', false, {}],
    ['another client of the account, another withdrawal', true, { size: '30', address: '222' }],
  ] as const)(
    'a clientOid used again (%s): the earlier withdrawal is never the answer of a later one lost before it applied',
    async (_, otherClient, second) => {
      const client = fresh()
      const earlier = otherClient ? made.client({ credentials: client.credentialsForTest }) : client
      const first = await earlier.account.withdraw({ ...out, size: '60', clientOid: 'invoice-7' })
      made.sandbox.admin.injectFault({ path: withdrawalPath, kind: 'code-before', code: '40010' })
      const error = await client.account
        .withdraw({ ...out, size: '60', ...second, clientOid: 'invoice-7' })
        .catch((e: unknown) => e)
      expect(WithdrawalOutcomeUnknownError.isInstance(error)).toBe(true)
      expect((error as WithdrawalOutcomeUnknownError).clientOid).toBe('invoice-7')
      // Only the first left.
      expect(await funds(client)).toEqual({ funding: '940', withdrawals: [['60', 'invoice-7']] })
      expect(first.orderId).toEqual(expect.any(String))
    },
  )

  test('decision: a timed-out withdrawal not yet in the records is a WithdrawalOutcomeUnknownError and is not resent; the exchange applies it late, once', async () => {
    const client = fresh({ timeout: 250 })
    gate.hold()
    made.sandbox.admin.injectFault({ path: withdrawalPath, kind: 'delay', delayMs: 100 })
    const error = await client.account.withdraw({ ...out, clientOid: 'late' }).catch((e) => e)
    expect(WithdrawalOutcomeUnknownError.isInstance(error) && error.reason).toBe('timeout')
    expect((error as WithdrawalOutcomeUnknownError).clientOid).toBe('late')
    expect(gate.waiting()).toBe(1)
    gate.release()
    await vi.waitFor(async () =>
      expect(await funds(client)).toEqual({ funding: '750', withdrawals: [['250', 'late']] }),
    )
    expect(withdrawalsSent(client)).toEqual(['unified.withdraw'])
  })
})
