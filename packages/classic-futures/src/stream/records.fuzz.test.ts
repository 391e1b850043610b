// Fuzzing of the classic push readers: whatever a push holds, `readClassicPush` returns the
// record type or throws a ValiError or TypeError naming the problem; every field the record
// type reads is a string, null or a list, never a number.
import { fc, test } from '@fast-check/vitest'
import { fuzzParameters, garbage } from '@tradeline/fuzz'
import * as v from 'valibot'
import { describe, expect } from 'vitest'
import { fillRecord, orderDetail, positionRecord } from '../schemas/records.js'
import { accountRecord, planOrderRecord, readClassicPush, type Topic } from './records.js'

const known: Record<Topic, readonly string[]> = {
  orders: Object.keys(orderDetail.entries),
  fill: Object.keys(fillRecord.entries),
  positions: Object.keys(positionRecord.entries),
  account: Object.keys(accountRecord.entries),
  'orders-algo': Object.keys(planOrderRecord.entries),
}
const topics = Object.keys(known) as Topic[]
const pushKeys = [
  'orderId',
  'tradeId',
  'clientOid',
  'clientOId',
  'instId',
  'status',
  'accBaseVolume',
  'baseVolume',
  'size',
  'price',
  'leverage',
  'frozen',
  'total',
  'reduceOnly',
  'feeDetail',
  'marginCoin',
  'uTime',
] as const
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('', '0', '27000.5', 'live', 'no', 'long', 'USDT'),
  fc.double({ noNaN: true }),
  fc.integer(),
  fc.constant(null),
  fc.array(
    fc.dictionary(
      fc.constantFrom('feeCoin', 'fee', 'totalFee', 'deduction'),
      fc.oneof(fc.string(), fc.double({ noNaN: true })),
    ),
    { maxLength: 3 },
  ),
  garbage,
)
const record = fc.oneof(fc.dictionary(fc.constantFrom(...pushKeys), value), garbage)

describe('readClassicPush', () => {
  test.prop([fc.constantFrom(...topics), record], fuzzParameters(300))(
    'a record or a ValiError/TypeError; decimals out as strings',
    (topic, raw) => {
      let read: unknown
      try {
        read = readClassicPush(topic, raw)
      } catch (error) {
        expect(v.isValiError(error) || error instanceof TypeError).toBe(true)
        return
      }
      for (const key of known[topic])
        expect(typeof (read as Record<string, unknown>)[key], key).not.toBe('number')
    },
  )
})
