/**
 * Two identical placements of one client at once, through a scripted proxy on loopback in front
 * of the sandbox: the exchange makes one order; the call whose request never reached it must not
 * report that order as its own. An order is one call's at most.
 */

import type { Step, scriptedProxy } from '@tradeline/fuzz/scriptedProxy'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { createSecuritiesClient } from '../createSecuritiesClient.js'
import { StockOrderOutcomeUnknownError } from '../reconcile.js'
import { order, proxied } from '../test/proxied.js'
import { setup } from '../test/sandbox.js'

let ctx: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  ctx = await setup()
})
afterAll(() => ctx.sandbox.close())
let proxy: Awaited<ReturnType<typeof scriptedProxy>> | undefined
afterEach(() => proxy?.close())

async function open(script: readonly Step[]) {
  const made = await proxied(ctx, script)
  proxy = made.proxy
  return made
}

type Outcome = { ok: string } | { error: unknown }
const settled = (call: Promise<{ orderId: string }>): Promise<Outcome> =>
  call.then(
    (ack) => ({ ok: ack.orderId }),
    (error: unknown) => ({ error }),
  )
/** What an outcome shows: the orderId, or the error's name, why and candidates. */
function shown(outcome: Outcome) {
  if ('ok' in outcome) return { ok: outcome.ok }
  const error = outcome.error as StockOrderOutcomeUnknownError
  if (!StockOrderOutcomeUnknownError.isInstance(error)) throw outcome.error
  return { error: error.name, why: error.why, candidates: error.candidates }
}
async function todayIds(direct: ReturnType<typeof createSecuritiesClient>) {
  return (await direct.orders.getToday({})).map((o) => o.orderId)
}

describe('two identical placements at once', () => {
  test('one applied, its answer held; the other never reached the exchange: the first reports the order, the other the ambiguity naming it, never a success', async () => {
    const { client, direct, proxy } = await open(['hold', 'dropBefore'])
    const calls = [settled(client.orders.place(order)), settled(client.orders.place(order))]
    // The call dropped before the exchange ends first (the other's answer is held).
    const dropped = await Promise.race(calls)
    proxy.release(0)
    const outcomes = (await Promise.all(calls)).map(shown)
    const [only, ...more] = await todayIds(direct)
    expect(more).toEqual([])
    expect(outcomes.filter((o) => 'ok' in o)).toEqual([{ ok: only }])
    expect(shown(dropped)).toEqual({
      error: 'StockOrderOutcomeUnknownError',
      why: 'ambiguous',
      candidates: [only],
    })
  })

  test('both answers lost (one applied, one never sent on): neither call claims the one order, both name it', async () => {
    const { client, direct } = await open(['dropAfter', 'dropBefore'])
    const outcomes = (
      await Promise.all([settled(client.orders.place(order)), settled(client.orders.place(order))])
    ).map(shown)
    const [only, ...more] = await todayIds(direct)
    expect(more).toEqual([])
    const ambiguous = { error: 'StockOrderOutcomeUnknownError', why: 'ambiguous' }
    expect(outcomes).toEqual([
      { ...ambiguous, candidates: [only] },
      { ...ambiguous, candidates: [only] },
    ])
  })

  test('a placement that never left the client (aborted before the send) does not make a later identical one ambiguous: that one, its answer lost, finds and reports its own order', async () => {
    const { client, direct } = await open(['dropAfter'])
    const aborted = await settled(client.orders.place(order, { signal: AbortSignal.abort() }))
    expect('error' in aborted && (aborted.error as Error).name).toBe('AbortError')
    const placed = shown(await settled(client.orders.place(order)))
    const [only, ...more] = await todayIds(direct)
    expect(more).toEqual([])
    // Before: StockOrderOutcomeUnknownError, why 'ambiguous', naming its own order.
    expect(placed).toEqual({ ok: only })
  })
})
