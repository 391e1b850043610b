import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import type { Mode } from '../PositionMode.js'
import { holdSide, productType, symbol } from './fields.js'

/**
 * POST /api/v2/mix/order/close-positions: flash-closes positions at market, of a product type,
 * optionally one symbol and one side (named in navigation only; parameters per
 * the exchange documentation). With the position mode in the context, `holdSide` in one-way mode
 * is `forbidden`: the exchange ignores it there and closes the position whatever its side, so a
 * caller who named a side would close the other one.
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.validate(ClassicFutures.closePositions, { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'long' }) // true
 */
export const closePositions = /* @__PURE__ */ Endpoint.define({
  id: 'classic.closePositions',
  method: 'POST',
  path: '/api/v2/mix/order/close-positions',
  auth: true,
  schema: () =>
    v.strictObject({
      productType,
      symbol: v.optional(symbol),
      holdSide: v.optional(holdSide),
    }),
  rules: [
    (draft, context: closePositions.Context) =>
      oneWayHoldSide(draft.holdSide, context.positionMode),
  ],
})

/**
 * The page: holdSide "In one-way position mode: This field should be left blank. Will be
 * ignored if filled in."
 */
function oneWayHoldSide(value: string | undefined, mode: Mode | undefined): Issue[] {
  if (value === undefined || mode !== 'one_way') return []
  return [
    create({
      type: 'forbidden',
      path: ['holdSide'],
      expected:
        'no value in one-way mode (hedge mode only: the exchange ignores it and closes the position whatever its side)',
      received: describe(value),
    }),
  ]
}

export declare namespace closePositions {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof closePositions>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof closePositions>
  /** What the caller may know: the account's position mode for the product type. */
  type Context = { readonly positionMode?: Mode | undefined }
}
