// account.transfer, account.getFundingAssets and account.getMaxTransferable against a strict
// sandbox over real HTTP: the funds really move between the unified account and the funding
// account (read back before and after), a refusal arrives as an ApiError with its code, a bad
// request is refused before sending, and a transfer whose outcome is unknown is never sent again:
// exactly one transfer is applied, whatever the fault.
import { ApiError, UnknownOutcomeError, ValidationError } from '@tradeline/core'
import { createTimerGate } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { setup } from '../test/sandbox.js'

/**
 * The timers the sandbox's `delay` faults wait on: the timed-out transfer is held at the gate
 * until the client has given up, then applied, instead of betting a delay against the timeout.
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

const transferPath = '/api/v3/account/transfer'
const out = { fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '250' } as const

let accounts = 0
/** A client of a fresh unified account (its own uid) with 1000 USDT. */
function fresh(extra: Parameters<typeof made.client>[0] = {}) {
  const uid = String(9_820_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid })
  admin.setBalance('USDT', '1000', uid)
  return made.client({ credentials, ...extra })
}
type Client = ReturnType<typeof fresh>

/** The USDT of the unified account and of the funding account, and the transfer records. */
async function funds(client: Client) {
  const { assets } = await client.account.getAssets()
  const [funding] = await client.account.getFundingAssets({ coin: 'USDT' })
  const { list } = await client.account.getFinancialRecords({ category: 'SPOT', coin: 'USDT' })
  return {
    uta: assets.find((a) => a.coin === 'USDT')?.available,
    funding: funding?.available ?? '0',
    records: list.map((r) => [r.type, r.amount]),
  }
}

const transfersSent = (client: Client) => client.sent.filter((id) => id === 'unified.transfer')

describe('account.transfer', () => {
  test('out of the unified account into the funding account and back: both balances move, each side a financial record', async () => {
    const client = fresh()
    expect(await funds(client)).toEqual({ uta: '1000', funding: '0', records: [] })
    const { transferId } = await client.account.transfer(out)
    expect(transferId).toMatch(/^\d+$/)
    expect(await funds(client)).toEqual({
      uta: '750',
      funding: '250',
      records: [['TRANSFER_OUT', '-250']],
    })
    await client.account.transfer({ ...out, fromType: 'spot', toType: 'uta', amount: '50.5' })
    expect(await funds(client)).toEqual({
      uta: '800.5',
      funding: '199.5',
      records: [
        ['TRANSFER_IN', '50.5'],
        ['TRANSFER_OUT', '-250'],
      ],
    })
  })

  test("the exchange's refusal of more than the account has arrives as an ApiError 43012; nothing moves", async () => {
    const client = fresh()
    const error = await client.account.transfer({ ...out, amount: '1000.01' }).catch((e) => e)
    expect(ApiError.isInstance(error) && error.code).toBe('43012')
    expect(await funds(client)).toEqual({ uta: '1000', funding: '0', records: [] })
  })

  test('a bad request is refused before sending, naming each field', async () => {
    const client = fresh()
    const cases = [
      [{ ...out, toType: 'uta' }, 'value', 'toType'],
      [{ ...out, toType: 'isolated_margin' }, 'missing', 'symbol'],
      [{ ...out, amount: '0' }, 'range', 'amount'],
      [{ ...out, amount: 250 }, 'type', 'amount'],
      [{ ...out, fromType: 'funding' }, 'value', 'fromType'],
      [{ ...out, clientOid: 'move-1' }, 'unknown', 'clientOid'],
    ] as const
    for (const [parameters, type, field] of cases) {
      const error = await client.account.transfer(parameters as never).catch((e: unknown) => e)
      expect(ValidationError.isInstance(error), field).toBe(true)
      expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
        [type, [field]],
      ])
    }
    expect(client.sent).toEqual([])
  })

  test.each([
    ['45001 after it applied', 1, { kind: 'code-after', code: '45001' }, 'code'],
    ['40010 after it applied', 1, { kind: 'code-after', code: '40010' }, 'code'],
    ['the connection lost after it applied', 1, { kind: 'drop', applied: true }, 'network'],
    ['an unreadable answer after it applied', 1, { kind: 'malformed', applied: true }, 'malformed'],
    ['40010 before it applied', 0, { kind: 'code-before', code: '40010' }, 'code'],
    ['the connection lost before it applied', 0, { kind: 'drop', applied: false }, 'network'],
  ] as const)(
    'decision: an unknown outcome (%s) is an UnknownOutcomeError, never resent: the transfer went out once and was applied %i time(s)',
    async (_, applied, fault, reason) => {
      const client = fresh()
      made.sandbox.admin.injectFault({ path: transferPath, method: 'POST', ...fault })
      const error = await client.account.transfer(out).catch((e: unknown) => e)
      expect(UnknownOutcomeError.isInstance(error) && error.reason).toBe(reason)
      expect(transfersSent(client)).toEqual(['unified.transfer'])
      expect(await funds(client)).toEqual(
        applied === 1
          ? { uta: '750', funding: '250', records: [['TRANSFER_OUT', '-250']] }
          : { uta: '1000', funding: '0', records: [] },
      )
    },
  )

  test('decision: a timed-out transfer is an UnknownOutcomeError and is not resent; the exchange applies it late, once', async () => {
    const client = fresh({ timeout: 250 })
    gate.hold()
    made.sandbox.admin.injectFault({ path: transferPath, kind: 'delay', delayMs: 100 })
    const error = await client.account.transfer(out).catch((e: unknown) => e)
    expect(UnknownOutcomeError.isInstance(error) && error.reason).toBe('timeout')
    expect(gate.waiting()).toBe(1)
    gate.release()
    await vi.waitFor(async () =>
      expect(await funds(client)).toEqual({
        uta: '750',
        funding: '250',
        records: [['TRANSFER_OUT', '-250']],
      }),
    )
    expect(transfersSent(client)).toEqual(['unified.transfer'])
  })
})

describe('account.getFundingAssets and account.getMaxTransferable', () => {
  test('the funding account lists the coins it holds; max-transferable is what may leave the unified account (an open order holds its part)', async () => {
    const client = fresh()
    expect(await client.account.getFundingAssets()).toEqual([])
    expect(await client.account.getMaxTransferable({ coin: 'USDT' })).toEqual({
      coin: 'USDT',
      maxTransfer: '1000',
      borrowMaxTransfer: '1000',
    })
    await client.account.transfer({ ...out, amount: '0.04' })
    expect(await client.account.getFundingAssets()).toEqual([
      { coin: 'USDT', available: '0.04', frozen: '0', balance: '0.04' },
    ])
    // A resting spot buy of 0.1 ETH at 3000 holds 300 USDT.
    await client.orders.place({
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.1',
      price: '3000',
    })
    const { maxTransfer } = await client.account.getMaxTransferable({ coin: 'USDT' })
    expect(maxTransfer).toBe('699.96')
    // The most it names is accepted; a unit more is refused.
    const more = await client.account
      .transfer({ ...out, amount: '699.96000001' })
      .catch((e: unknown) => (ApiError.isInstance(e) ? e.code : e))
    expect(more).toBe('43012')
    await client.account.transfer({ ...out, amount: maxTransfer ?? '' })
    expect((await client.account.getMaxTransferable({ coin: 'USDT' })).maxTransfer).toBe('0')
  })

  test('max-transferable without coin is refused before sending, naming coin', async () => {
    const client = fresh()
    const error = await client.account.getMaxTransferable({} as never).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['coin']],
    ])
    expect(client.sent).toEqual([])
  })
})
