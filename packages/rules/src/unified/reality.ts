/** Tokenized-stock (rToken) data: US market session states and platform fills. */
import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { symbolCharacters } from '../internal/fields.js'
import { fieldCheck } from '../internal/valibot.js'
import * as Limits from '../Limits.js'
import { isRToken } from '../ProductLine.js'
import { pageLimit, symbol } from './fields.js'

/**
 * GET /api/v3/reality/market/states: the US market session schedule; no authentication and
 * no parameters.
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Unified.getMarketStates.auth // false
 * Endpoint.validate(Unified.getMarketStates, {}) // true
 */
export const getMarketStates = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getMarketStates',
  method: 'GET',
  path: '/api/v3/reality/market/states',
  auth: false,
  schema: () => v.strictObject({}),
})

export declare namespace getMarketStates {
  /** The query as a caller writes it: empty. */
  type Parameters = Endpoint.InputOf<typeof getMarketStates>
  /** The query as it is sent: empty. */
  type Request = Endpoint.OutputOf<typeof getMarketStates>
}

/**
 * GET /api/v3/account/reality-fills: platform fills of rToken pairs of the last three months;
 * `symbol` must be an rToken pair, `limit` is at most 100 (the server's default is 100).
 *
 * @example
 * import { Endpoint, Unified } from '@tradeline/rules'
 * Endpoint.check(Unified.getRealityFills, { symbol: 'BTCUSDT' }).issues?.[0]?.type // 'value'
 */
export const getRealityFills = /* @__PURE__ */ Endpoint.define({
  id: 'unified.getRealityFills',
  method: 'GET',
  path: '/api/v3/account/reality-fills',
  auth: true,
  schema: () =>
    v.strictObject({
      symbol: v.optional(
        v.pipe(
          symbol,
          // A symbol too long or of other characters already has its own issue.
          fieldCheck(
            'value',
            'an rToken pair (r<TICKER>USDT)',
            (value: string) =>
              value.length > Limits.textLength.symbol ||
              !symbolCharacters.test(value) ||
              isRToken(value),
          ),
        ),
      ),
      limit: v.optional(pageLimit(Limits.realityFillsLimit)),
    }),
})

export declare namespace getRealityFills {
  /** The query as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof getRealityFills>
  /** The query as it is sent. */
  type Request = Endpoint.OutputOf<typeof getRealityFills>
}
