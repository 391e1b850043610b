/** Response schemas of the account endpoints (spec Part A, GET /api/v3/account/reality-fills). */
import * as v from 'valibot'
import { id } from './ack.js'
import { decimalish } from './order.js'

/** One platform fill of an rToken pair. */
export const realityFill = v.looseObject({
  execId: id,
  price: decimalish,
  size: decimalish,
  side: v.picklist(['buy', 'sell']),
  ts: id,
})

/** One platform fill of an rToken pair: prices and sizes as decimal strings, `ts` in ms. */
export type RealityFill = v.InferOutput<typeof realityFill>

/** `data` of reality-fills. */
export const realityFills = v.array(realityFill)
