/** Response schemas of the market endpoints (GET /api/v3/reality/market/states). */
import { Fields } from '@tradeline/core'
import * as v from 'valibot'

/** One session of the US market: `pre_market`, `regular`, `after_hours` or `overnight`. */
export const sessionState = Fields.record({
  state: v.picklist(['pre_market', 'regular', 'after_hours', 'overnight']),
  timeZone: v.string(),
  startTime: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  endTime: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
})

/** The session schedule of one market. */
export const marketStates = Fields.record({
  market: v.string(),
  daylightType: v.picklist(['standard', 'dst']),
  stateList: v.array(sessionState),
})

/** `data` of market/states: one entry per market (only `US` today). */
export const marketStatesResponse = v.array(marketStates)

/** The session schedule of one market. */
export type MarketStates = v.InferOutput<typeof marketStates>
