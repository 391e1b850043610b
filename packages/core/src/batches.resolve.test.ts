import { describe, expect, test } from 'vitest'
import { type BatchOutcome, resolveOrderIds } from './batches.js'
import { OrderIdUnresolvedError } from './reconcile.js'

const ok = (index: number, orderId: string | null): BatchOutcome => ({
  status: 'ok',
  index,
  orderId,
  clientOid: `c-${index}`,
})

describe('resolveOrderIds', () => {
  test('an ok outcome without orderId gets the id its lookup finds; the others are kept as they are', async () => {
    const rejected: BatchOutcome = {
      status: 'rejected',
      index: 2,
      orderId: null,
      clientOid: 'c-2',
      code: '40762',
      msg: 'balance',
    }
    const asked: string[] = []
    const resolved = await resolveOrderIds(
      [ok(0, '1001'), ok(1, null), rejected],
      async (outcome) => {
        asked.push(outcome.clientOid ?? '')
        return '1002'
      },
      undefined,
    )
    expect(resolved).toEqual([ok(0, '1001'), ok(1, '1002'), rejected])
    expect(asked).toEqual(['c-1'])
  })

  test('an ok outcome whose lookup fails becomes failed with that error: ok never carries a null orderId', async () => {
    const error = new OrderIdUnresolvedError({ clientOid: 'c-0' })
    const resolved = await resolveOrderIds([ok(0, null)], () => Promise.reject(error), undefined)
    expect(resolved).toEqual([{ status: 'failed', index: 0, clientOid: 'c-0', error }])
  })

  test('an abort of the call is thrown, not turned into an outcome', async () => {
    const controller = new AbortController()
    controller.abort()
    const reason = new Error('aborted')
    await expect(
      resolveOrderIds([ok(0, null)], () => Promise.reject(reason), controller.signal),
    ).rejects.toBe(reason)
  })
})
