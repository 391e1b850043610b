// The literal readers of the stream's hot path (orders, fills) give exactly what the renames and
// the valibot schemas give (values and key order), or decline so that valibot decides: for any
// push record.
import { fc, test } from '@fast-check/vitest'
import * as v from 'valibot'
import { describe, expect } from 'vitest'
import { fillRecord, orderRecord } from '../schemas/order.js'
import { readPush } from './records.js'

/** What the readers did before the literal ones: renames (the push name dropped), upper-casing, valibot. */
function reference(
  schema: v.GenericSchema,
  input: Record<string, unknown>,
  renames: readonly (readonly [string, string])[],
  upper: readonly string[],
) {
  const out: Record<string, unknown> = { ...input }
  for (const [from, to] of renames) {
    if (!(from in out)) continue
    if (out[to] === undefined) out[to] = out[from]
    delete out[from]
  }
  for (const field of upper)
    if (typeof out[field] === 'string') out[field] = (out[field] as string).toUpperCase()
  return v.safeParse(schema, out)
}

const value = fc.oneof(
  fc.constantFrom('', '0', '1.5', 'live', 'usdt-futures', 'no', null, undefined, true, Number.NaN),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 4 }),
  fc.array(
    fc.record({
      feeCoin: fc.oneof(fc.string(), fc.constant(null)),
      fee: fc.oneof(fc.string(), fc.double(), fc.constant(null)),
    }),
    { maxLength: 2 },
  ),
  fc.constantFrom([1], {}, null),
)
const recordOf = (keys: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...keys, 'holdSide', 'execTime', 'marginCoin', 'extra'), value, {
    maxKeys: 12,
  })
const orderKeys = Object.keys(orderRecord.entries)
const fillKeys = Object.keys(fillRecord.entries)
const wellFormedOrder = fc.record({
  orderId: fc.string(),
  clientOid: fc.oneof(fc.string(), fc.constant(null)),
  category: fc.constantFrom('usdt-futures', 'spot'),
  holdSide: fc.constantFrom('long', ''),
  price: fc.oneof(fc.constantFrom('60000', ''), fc.double({ noNaN: true })),
  cumExecQty: fc.constantFrom('0', '0.01', 0),
  orderStatus: fc.constantFrom('live', 'filled'),
  reduceOnly: fc.constantFrom('yes', 'no'),
  feeDetail: fc.constantFrom(
    null,
    [{ feeCoin: 'USDT', fee: '0.1' }],
    [{ feeCoin: null, fee: null }],
  ),
  updatedTime: fc.constantFrom('1700000000000', 1700000000000),
  leverage: fc.constantFrom('10', 5),
})

const same = (got: () => unknown, slow: ReturnType<typeof v.safeParse>) => {
  let fast: unknown
  try {
    fast = got()
  } catch {
    expect(slow.success).toBe(false)
    return
  }
  expect(slow.success).toBe(true)
  expect(fast).toEqual(slow.output)
  expect(Object.keys(fast as object)).toEqual(Object.keys(slow.output as object))
}

describe('literal push readers', () => {
  test.prop([fc.oneof(recordOf(orderKeys), wellFormedOrder)], { numRuns: 1500 })(
    'order: the same record as valibot after the renames, or the same refusal',
    (raw) =>
      same(
        () => readPush('order', raw),
        reference(orderRecord, raw, [['holdSide', 'posSide']], ['category', 'reduceOnly']),
      ),
  )

  test.prop([recordOf(fillKeys)], { numRuns: 1500 })(
    'fill: the same record as valibot after the renames, or the same refusal',
    (raw) =>
      same(
        () => readPush('fill', raw),
        reference(
          fillRecord,
          raw,
          [
            ['execTime', 'createdTime'],
            ['holdSide', 'posSide'],
          ],
          ['category'],
        ),
      ),
  )
})
