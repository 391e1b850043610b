/**
 * The savings writes: subscribing to a product and redeeming from a holding (Bitget "Subscribe
 * Savings" https://www.bitget.com/api-doc/earn/savings/Savings-Subscribe and "Redeem Savings"
 * https://www.bitget.com/api-doc/earn/savings/Savings-Redeem, both "Frequency limit: 10c/1s
 * (Uid)"). Neither carries a client id: the exchange documents none.
 */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import { opaqueId, positiveDecimal } from '../internal/fields.js'
import { orderId } from '../internal/identity.js'
import { periodType } from './periodType.js'

/**
 * POST /api/v2/earn/savings/subscribe: subscribes `amount` (a decimal string greater than 0) of
 * product `productId` of period type `periodType`; the answer is the subscription's `orderId`,
 * whose result subscribe-result reads.
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.subscribe, { productId: '1001', periodType: 'flexible', amount: '100' }) // true
 */
export const subscribe = /* @__PURE__ */ Endpoint.define({
  id: 'savings.subscribe',
  method: 'POST',
  path: '/api/v2/earn/savings/subscribe',
  auth: true,
  schema: () => v.strictObject({ productId: opaqueId, periodType, amount: positiveDecimal }),
})

export declare namespace subscribe {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof subscribe>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof subscribe>
}

/**
 * A fixed-term redemption names its holding: `orderId` (the assets' `orderId`, which the
 * exchange gives "only for `fixed`") is required when `periodType` is `fixed`.
 */
function fixedNamesHolding(draft: {
  readonly periodType?: string | undefined
  readonly orderId?: string | undefined
}): readonly Issue[] {
  return draft.periodType === 'fixed' && draft.orderId === undefined
    ? [
        create({
          type: 'missing',
          path: ['orderId'],
          expected: 'the orderId of the fixed-term holding (from assets) when periodType is fixed',
          received: describe(undefined),
        }),
      ]
    : []
}

/**
 * POST /api/v2/earn/savings/redeem: redeems `amount` of product `productId`; a fixed-term
 * redemption names its holding by `orderId` (the assets' `orderId`). The exchange refuses a
 * redemption less than a minute after the previous one ("The interval of each redeem should be
 * more than 1min").
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.check(Savings.redeem, { productId: '1002', periodType: 'fixed', amount: '100' }).issues?.[0]?.path // ['orderId']
 */
export const redeem = /* @__PURE__ */ Endpoint.define({
  id: 'savings.redeem',
  method: 'POST',
  path: '/api/v2/earn/savings/redeem',
  auth: true,
  schema: () =>
    v.strictObject({
      productId: opaqueId,
      orderId: v.optional(orderId),
      periodType,
      amount: positiveDecimal,
    }),
  rules: [fixedNamesHolding],
})

export declare namespace redeem {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof redeem>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof redeem>
}
