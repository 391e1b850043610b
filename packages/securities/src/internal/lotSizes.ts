/** The lot size check of securities orders: quantities in whole lots of the instrument. */
import { createLoadCache, type Transport, ValidationError } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import { Decimal, Issue } from '@tradeline/rules/shared'
import * as v from 'valibot'
import { staticList } from '../schemas/records.js'
import type { ClientBase, LotSizes } from './client.js'

/**
 * Loads the lot size of a symbol (GET /api/v3/stockplus/market/static), cached per symbol for
 * `ttlMs` (default 5 minutes); a failed load is not kept.
 */
export function createLotSizes(
  transport: Transport,
  options: { ttlMs?: number | undefined; clock?: { now(): number } | undefined } = {},
): LotSizes {
  return createLoadCache({
    ttlMs: options.ttlMs,
    clock: options.clock,
    load: async (symbol) => {
      const data = await transport.request({
        endpoint: Securities.getStatic,
        query: { symbol },
      })
      const record = v.parse(staticList, data).find((item) => item.symbol === symbol)
      return record?.lotSize ?? null
    },
  })
}

/**
 * Throws a `ValidationError` of `endpoint` naming `field` when `quantity` is not a whole number
 * of lots of `symbol` (its lot size as market/static gives it). Nothing is checked when the
 * client loads no lot sizes or the symbol has none.
 */
export async function checkLot(
  client: ClientBase,
  check: { endpoint: string; field: string; symbol: string; quantity: string },
  signal?: AbortSignal | undefined,
): Promise<void> {
  if (!client.lotSizes) return
  const lotSize = await client.lotSizes.get(check.symbol, { signal })
  if (lotSize === null || lotSize <= 0) return
  if (Decimal.isMultipleOf(check.quantity, String(lotSize))) return
  throw new ValidationError({
    endpoint: check.endpoint,
    issues: [
      Issue.create({
        type: 'lot',
        path: [check.field],
        expected: `a whole number of lots: a multiple of ${check.symbol}'s lotSize ${lotSize}`,
        received: JSON.stringify(check.quantity),
      }),
    ],
  })
}
