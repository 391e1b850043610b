// Fuzzing of the push readers: whatever a push holds,
// `readPush` returns the REST record type or throws a ValiError or TypeError naming the problem;
// and every decimal it returns is a decimal string, never a number.
import { fc, test } from '@fast-check/vitest'
import { fuzzParameters, garbage } from '@tradeline/fuzz'
import * as v from 'valibot'
import { describe, expect } from 'vitest'
import { accountAssets } from '../schemas/account.js'
import { fillRecord, orderRecord } from '../schemas/order.js'
import { positionRecord } from '../schemas/position.js'
import { strategyOrderRecord } from '../schemas/strategy.js'
import { fastFillRecord, readPush, type Topic } from './records.js'

/** The fields each topic's REST schema reads (the rest are kept as they came). */
const known: Record<Topic, readonly string[]> = {
  order: Object.keys(orderRecord.entries),
  fill: Object.keys(fillRecord.entries),
  position: Object.keys(positionRecord.entries),
  account: Object.keys(accountAssets.entries),
  'strategy-order': Object.keys(strategyOrderRecord.entries),
  'fast-fill': Object.keys(fastFillRecord.entries),
}

const topics: Topic[] = ['order', 'fill', 'position', 'account', 'strategy-order', 'fast-fill']
const pushKeys = [
  'orderId',
  'execId',
  'clientOid',
  'category',
  'holdSide',
  'reduceOnly',
  'price',
  'qty',
  'execTime',
  'execPrice',
  'size',
  'marginSize',
  'liqPrice',
  'totalFundingFee',
  'totalEquity',
  'unrealisedPnL',
  'coin',
  'debts',
  'updatedTime',
] as const
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('', '0', '65000.5', 'usdt-futures', 'no', 'long'),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constant(null),
  fc.array(
    fc.dictionary(
      fc.constantFrom('coin', 'equity', 'debts', 'available'),
      fc.oneof(fc.string(), fc.double({ noNaN: true })),
    ),
    { maxLength: 3 },
  ),
  garbage,
)
const record = fc.oneof(fc.dictionary(fc.constantFrom(...pushKeys), value), garbage)

describe('readPush', () => {
  test.prop([fc.constantFrom(...topics), record], fuzzParameters(300))(
    'a record or a ValiError/TypeError; decimals out as strings',
    (topic, raw) => {
      let read: unknown
      try {
        read = readPush(topic, raw)
      } catch (error) {
        expect(v.isValiError(error) || error instanceof TypeError).toBe(true)
        return
      }
      // Every field the REST type reads is a string, null or a list: never a number.
      for (const key of known[topic])
        expect(typeof (read as Record<string, unknown>)[key], key).not.toBe('number')
    },
  )
})
