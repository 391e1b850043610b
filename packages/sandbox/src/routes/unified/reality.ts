/** GET /api/v3/account/reality-fills: platform fills of rToken pairs of the last three months. */
import { Limits, ProductLine } from '@tradeline/rules'
import type { Route } from '../../exchange.js'

/**
 * The start of the window of reality-fills: the same instant three calendar months earlier.
 *
 * @example
 * import { realityFillsSince } from '@tradeline/sandbox'
 * realityFillsSince(Date.UTC(2026, 6, 1)) === Date.UTC(2026, 3, 1) // true
 */
export function realityFillsSince(now: number): number {
  const date = new Date(now)
  date.setUTCMonth(date.getUTCMonth() - Limits.realityFillsMonths)
  return date.getTime()
}

/** Newest first, `symbol` filter, `limit` default and maximum 100. */
export const realityFillsRoute: Route = {
  id: 'unified.getRealityFills',
  method: 'GET',
  path: '/api/v3/account/reality-fills',
  auth: true,
  handle({ state, params, now }) {
    const since = realityFillsSince(now)
    const limit = params.limit === undefined ? Limits.realityFillsLimit : Number(params.limit)
    const fills = state.fills
      .filter(
        (fill) =>
          ProductLine.isRToken(fill.symbol) &&
          fill.ts >= since &&
          (params.symbol === undefined || fill.symbol === params.symbol),
      )
      .reverse()
      // Newest first by time: a fill seeded with an older `ts` after a newer one is read in its
      // place (the stable sort keeps the later-added first among fills of the same instant).
      .sort((a, b) => b.ts - a.ts)
      .slice(0, Math.min(limit, Limits.realityFillsLimit))
    return {
      data: fills.map((fill) => ({
        execId: fill.execId,
        price: fill.price,
        size: fill.qty,
        side: fill.side,
        ts: String(fill.ts),
      })),
    }
  },
}
