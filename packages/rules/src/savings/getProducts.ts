import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { oneOf, symbol } from '../internal/fields.js'

/** `filter` of the product list (docs/records.md). */
export const productFilters = ['available', 'held', 'available_and_held', 'all'] as const

/**
 * GET /api/v2/earn/savings/product: the savings products (docs/records.md;
 * which reads one product's conditions by its id): optionally of one `coin`, and `filter`
 * `available`, `held`, `available_and_held` or `all`.
 *
 * @example
 * import { Endpoint, Savings } from '@tradeline/rules'
 * Endpoint.validate(Savings.getProducts, { coin: 'USDT', filter: 'available' }) // true
 */
export const getProducts = /* @__PURE__ */ Endpoint.define({
  id: 'savings.getProducts',
  method: 'GET',
  path: '/api/v2/earn/savings/product',
  auth: true,
  schema: () =>
    v.strictObject({
      coin: v.optional(symbol),
      filter: v.optional(oneOf(productFilters)),
    }),
})

export declare namespace getProducts {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getProducts>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getProducts>
}
