import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'

/**
 * The coins that move between the spot and the securities account: `USDC`, `USD`.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.transferCoins // ['USDC', 'USD']
 */
export const transferCoins = ['USDC', 'USD'] as const

/**
 * Transfer directions: `in` deposits to the securities account, `out` withdraws from it.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.transferDirections // ['in', 'out']
 */
export const transferDirections = ['in', 'out'] as const

/**
 * POST /api/v3/stockplus/asset/transfer: moves funds between the spot account and the
 * securities account. `coin`, `amount` and `direction` are all required, although the exchange documentation
 * marks none: a transfer without any of them cannot be meant.
 *
 * @example
 * import { Endpoint, Securities } from '@tradeline/rules'
 * Endpoint.check(Securities.transfer, { coin: 'USDC', amount: '100', direction: 'in' }).output
 * // { coin: 'USDC', amount: '100', direction: 'in' }
 */
export const transfer = /* @__PURE__ */ Endpoint.define({
  id: 'securities.transfer',
  method: 'POST',
  path: '/api/v3/stockplus/asset/transfer',
  auth: true,
  schema: () =>
    v.strictObject({
      coin: oneOf(transferCoins),
      amount: positiveDecimal,
      direction: oneOf(transferDirections),
    }),
})

export declare namespace transfer {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof transfer>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof transfer>
}
