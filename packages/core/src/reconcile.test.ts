import { describe, expect, test } from 'vitest'
import { chunk, duplicates } from './batches.js'
import { ApiError, UnknownOutcomeError } from './Errors.js'
import {
  isReconcilable,
  isRetry,
  modificationPendingCodes,
  OrderNotPlacedError,
  OrderOutcomeUnknownError,
  pendingAsUnknown,
  reconcileSettings,
  retryOf,
  retryOffset,
  retrySince,
  settle,
  type Verdict,
} from './reconcile.js'

const unknown = new UnknownOutcomeError({
  endpoint: 'x.place',
  method: 'POST',
  path: '/x',
  reason: 'code',
  code: '40725',
})
const settings = { attempts: 3, baseDelayMs: 1 }

describe('settle', () => {
  const run = (verdicts: Verdict<string>[]) => {
    let n = 0
    return settle<string, number>({
      error: unknown,
      settings,
      lookup: async () => n,
      judge: () => verdicts[n++] ?? { kind: 'pending' },
      notApplied: () =>
        new OrderNotPlacedError({ endpoint: 'x.place', clientOid: 'a', attempts: n }),
      unresolved: (attempts) =>
        new OrderOutcomeUnknownError({
          error: unknown,
          attempts,
          clientOid: 'a',
          retryWith: { clientOid: 'a' },
        }),
    })
  }

  test('a done verdict returns its value', async () => {
    await expect(run([{ kind: 'pending' }, { kind: 'done', value: 'ok' }])).resolves.toBe('ok')
  })

  test('only a final not-applied verdict is proof; a non-final one leaves the outcome unknown', async () => {
    await expect(run([{ kind: 'not-applied', final: true }])).rejects.toBeInstanceOf(
      OrderNotPlacedError,
    )
    const error = await run(Array(3).fill({ kind: 'not-applied', final: false })).catch(
      (e: unknown) => e,
    )
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ attempts: 3, retrySafe: false, retryWith: { clientOid: 'a' } })
  })
})

describe('reconcileSettings', () => {
  test('the call wins over the client; false turns it off', () => {
    expect(reconcileSettings({ attempts: 2 }, { attempts: 9 })).toEqual({
      attempts: 2,
      baseDelayMs: 250,
    })
    expect(reconcileSettings(undefined, false)).toBeUndefined()
    expect(reconcileSettings(true, false)).toEqual({ attempts: 6, baseDelayMs: 250 })
  })
})

describe('retryOf', () => {
  test('the retry of a list (the items of a single batch) is a list, marked, with its first attempt (was: an object keyed 0, 1, ...)', () => {
    const items = [{ clientOid: 'a' }, { clientOid: 'b' }]
    const retry = retryOf(items, 1_700_000_000_000)
    expect(Array.isArray(retry)).toBe(true)
    expect(retry).toEqual(items)
    expect([isRetry(retry), retrySince(retry), isRetry(items)]).toEqual([
      true,
      1_700_000_000_000,
      false,
    ])
    const error = new OrderOutcomeUnknownError({
      error: unknown,
      attempts: 1,
      retryWith: items as never,
    })
    expect(Array.isArray(error.retryWith)).toBe(true)
    expect(isRetry(error.retryWith)).toBe(true)
  })
})

describe('chunk and duplicates', () => {
  test('groups keep input order and are cut at the size', () => {
    const items = ['a1', 'b1', 'a2', 'a3', 'b2']
    expect(chunk(items, 2, (s) => s[0]!).map((c) => c.items)).toEqual([
      ['a1', 'a2'],
      ['a3'],
      ['b1', 'b2'],
    ])
  })

  test('a repeated clientOid or orderId is a duplicate issue at the later item', () => {
    const issues = duplicates(
      [{ clientOid: 'x' }, { orderId: '1' }, { clientOid: 'x' }, { orderId: '1' }],
      (item: { clientOid?: string; orderId?: string }) => item,
      ['orderList'],
    )
    expect(issues.map((i) => [i.type, i.path])).toEqual([
      ['duplicate', ['orderList', 2, 'clientOid']],
      ['duplicate', ['orderList', 3, 'orderId']],
    ])
  })
})

describe('pendingAsUnknown', () => {
  const refusal = (code: string) =>
    new ApiError({
      code,
      msg: 'A modification of this order is in progress',
      status: 400,
      endpoint: 'unified.modifyOrder',
      method: 'POST',
      path: '/api/v3/trade/modify-order',
      retrySafe: false,
    })

  test('a refusal because a modification still awaits its result (43021) is an unknown outcome with the refusal as its cause', () => {
    const error = pendingAsUnknown(refusal('43021'))
    expect(UnknownOutcomeError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ reason: 'code', code: '43021', endpoint: 'unified.modifyOrder' })
    expect(isReconcilable(error, undefined)).toBe(true)
  })

  test('any other error is returned as it is', () => {
    const other = refusal('43020')
    expect(pendingAsUnknown(other)).toBe(other)
    expect(modificationPendingCodes).toEqual(['43021'])
  })
})

describe('retryOf: the clock offset beside the mark', () => {
  test("kept with the first attempt's time through a retry of a retry, and by the error's retryWith", () => {
    const first = retryOf({ clientOid: 'a' }, 1_000, -30_000)
    expect([retrySince(first), retryOffset(first)]).toEqual([1_000, -30_000])
    const again = retryOf(first, 5_000, 0)
    expect([retrySince(again), retryOffset(again)]).toEqual([1_000, -30_000])
    const error = new OrderOutcomeUnknownError({
      error: unknown,
      attempts: 1,
      retryWith: { clientOid: 'b' },
      since: 2_000,
      offset: 250,
    })
    expect([retrySince(error.retryWith), retryOffset(error.retryWith)]).toEqual([2_000, 250])
    // Invisible, as the mark: JSON and the keys show the order alone.
    expect(JSON.stringify(error.retryWith)).toBe('{"clientOid":"b"}')
  })

  test('none without a time, nor on a mark of an older core (the time alone)', () => {
    expect(retryOffset(retryOf({ clientOid: 'a' }, undefined, 5))).toBeUndefined()
    const older = { clientOid: 'a' }
    Object.defineProperty(older, Symbol.for('tradeline.retryWith'), { value: 1_000 })
    expect(retryOffset(retryOf(older, 2_000, 5))).toBeUndefined()
  })
})
