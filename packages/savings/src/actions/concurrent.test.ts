/**
 * Two identical savings writes of one client at once, through a scripted proxy on loopback in
 * front of the sandbox: the exchange records one write; the call whose request never reached it
 * must not report that record as its own. A record is one call's at most.
 */

import { type Step, scriptedProxy } from '@tradeline/fuzz/scriptedProxy'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterEach, describe, expect, test } from 'vitest'
import { createSavingsClient, SavingsOutcomeUnknownError } from '../index.js'

let sandbox: RunningSandbox | undefined
let proxy: Awaited<ReturnType<typeof scriptedProxy>> | undefined
afterEach(async () => {
  await proxy?.close()
  await sandbox?.close()
})

type Outcome = { ok: string } | { error: unknown }

async function open(script: readonly Step[], gate?: Parameters<typeof scriptedProxy>[2]) {
  sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true, seed: 1 })
  sandbox.admin.setBalance('USDT', '5000')
  proxy = await scriptedProxy(sandbox.url, script, gate)
  const options = { credentials: sandbox.credentials, rateLimiter: false } as const
  // The held answer comes long before the timeout: the test releases it.
  const client = createSavingsClient({
    ...options,
    baseUrl: proxy.url,
    timeout: 30_000,
    reconcile: { attempts: 3, baseDelayMs: 1 },
  })
  const direct = createSavingsClient({ ...options, baseUrl: sandbox.url })
  return { client, direct, proxy }
}

const settled = (call: Promise<{ orderId: string }>): Promise<Outcome> =>
  call.then(
    (ack) => ({ ok: ack.orderId }),
    (error: unknown) => ({ error }),
  )

/** The orderIds of the records of a kind. */
async function records(
  direct: ReturnType<typeof createSavingsClient>,
  periodType: 'flexible' | 'fixed',
  orderType: 'subscribe' | 'redeem',
) {
  const { resultList } = await direct.getRecords({ periodType, orderType })
  return resultList.map((record) => record.orderId)
}

/** What an outcome shows: the orderId, or the error's name, ambiguity and candidates. */
function shown(outcome: Outcome) {
  if ('ok' in outcome) return { ok: outcome.ok }
  const error = outcome.error as SavingsOutcomeUnknownError
  if (!SavingsOutcomeUnknownError.isInstance(error)) throw outcome.error
  return { error: error.name, ambiguity: error.ambiguity, candidates: error.candidates }
}

describe('two identical writes at once: one applied, its answer held; the other never reached the exchange', () => {
  test.each([
    ['subscribe', { productId: '1001', periodType: 'flexible', amount: '100' }],
    ['subscribe', { productId: '1002', periodType: 'fixed', amount: '100' }],
    ['redeem', { productId: '1001', periodType: 'flexible', amount: '100' }],
  ] as const)(
    '%s %j: the applied call reports its order, the other the ambiguity naming it, never a success',
    async (operation, parameters) => {
      const { client, direct, proxy } = await open(['hold', 'dropBefore'])
      if (operation === 'redeem')
        sandbox?.admin.subscribeSavings({ productId: '1001', amount: '1000' })
      else
        await client.getSubscribeInfo({
          productId: parameters.productId,
          periodType: parameters.periodType,
        })
      const call = () =>
        settled(operation === 'redeem' ? client.redeem(parameters) : client.subscribe(parameters))
      const calls = [call(), call()]
      // The call dropped before the exchange ends first (the other's answer is held); then the
      // held answer is let through.
      const dropped = await Promise.race(calls)
      proxy.release(0)
      const outcomes = (await Promise.all(calls)).map(shown)
      const [only, ...more] = await records(direct, parameters.periodType, operation)
      expect(more).toEqual([])
      expect(outcomes.filter((o) => 'ok' in o)).toEqual([{ ok: only }])
      expect(shown(dropped)).toEqual({
        error: 'SavingsOutcomeUnknownError',
        ambiguity: 'several-found',
        candidates: [only],
      })
    },
  )

  test('fixed: both answers lost (one applied, one never sent on): neither call claims the one record, both name it', async () => {
    const { client, direct } = await open(['dropAfter', 'dropBefore'])
    const parameters = { productId: '1002', periodType: 'fixed', amount: '100' } as const
    await client.getSubscribeInfo({ productId: '1002', periodType: 'fixed' })
    const outcomes = (
      await Promise.all([
        settled(client.subscribe(parameters)),
        settled(client.subscribe(parameters)),
      ])
    ).map(shown)
    const [only, ...more] = await records(direct, 'fixed', 'subscribe')
    expect(more).toEqual([])
    const ambiguous = { error: 'SavingsOutcomeUnknownError', ambiguity: 'several-found' }
    expect(outcomes).toEqual([
      { ...ambiguous, candidates: [only] },
      { ...ambiguous, candidates: [only] },
    ])
  })

  test('fixed: the held answer arrives while the other call reads the holdings: the claim is judged after that read, so the other call does not take the answered record', async () => {
    let calls: Promise<Outcome>[] = []
    let assetsReads = 0
    const { client, direct, proxy } = await open(['hold', 'dropBefore'], (method, path) => {
      // The dropped call's first holdings read: the held answer is let through and arrives
      // before this read's answer does.
      if (method !== 'GET' || !path.endsWith('/savings/assets') || assetsReads++ > 0) return
      proxy.release(0)
      return Promise.race(calls).then(() => undefined)
    })
    const parameters = { productId: '1002', periodType: 'fixed', amount: '100' } as const
    await client.getSubscribeInfo({ productId: '1002', periodType: 'fixed' })
    calls = [settled(client.subscribe(parameters)), settled(client.subscribe(parameters))]
    const outcomes = (await Promise.all(calls)).map(shown)
    const [only, ...more] = await records(direct, 'fixed', 'subscribe')
    expect(more).toEqual([])
    expect(assetsReads).toBe(1)
    expect(outcomes.filter((o) => 'ok' in o)).toEqual([{ ok: only }])
    expect(outcomes.filter((o) => !('ok' in o))).toEqual([
      { error: 'SavingsOutcomeUnknownError', ambiguity: 'none-found', candidates: [] },
    ])
  })
})
