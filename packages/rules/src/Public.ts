/**
 * Public endpoints that need no key: the server time, used to measure the clock offset that
 * signed requests depend on (the exchange docs "Signing": `data.serverTime`, Unix ms as a string).
 */
import * as v from 'valibot'
import * as Endpoint from './Endpoint.js'

/**
 * GET /api/v2/public/time: the server time; no authentication, no parameters.
 *
 * @example
 * import { Endpoint, Public } from '@tradeline/rules'
 * Endpoint.check(Public.getTime, {}) // { success: true, output: {} }
 */
export const getTime = /* @__PURE__ */ Endpoint.define({
  id: 'public.getTime',
  method: 'GET',
  path: '/api/v2/public/time',
  auth: false,
  schema: () => v.strictObject({}),
})

export declare namespace getTime {
  /** The request as a caller writes it: an empty query. */
  type Parameters = Endpoint.InputOf<typeof getTime>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTime>
}

/**
 * GET /api/v3/public/time: the server time on the v3 path; no authentication, no parameters.
 *
 * @example
 * import { Endpoint, Public } from '@tradeline/rules'
 * Endpoint.validate(Public.getTimeV3, { symbol: 'BTCUSDT' }) // false: it takes no parameters
 */
export const getTimeV3 = Endpoint.define({
  id: 'public.getTimeV3',
  method: 'GET',
  path: '/api/v3/public/time',
  auth: false,
  schema: () => v.strictObject({}),
})

export declare namespace getTimeV3 {
  /** The request as a caller writes it: an empty query. */
  type Parameters = Endpoint.InputOf<typeof getTimeV3>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof getTimeV3>
}
