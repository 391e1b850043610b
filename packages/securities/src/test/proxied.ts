/** Test helper, never part of the build: securities clients of a fresh funded account, one through a scripted proxy. */

import { type Step, scriptedProxy } from '@tradeline/fuzz/scriptedProxy'
import { createSecuritiesClient } from '../createSecuritiesClient.js'
import { type setup, T0 } from './sandbox.js'

let accounts = 0

/**
 * A proxy with `script` in front of `ctx`'s sandbox, and two clients of a fresh funded account:
 * `client` through the proxy (with `timeout` and quick reconciliation), `direct` to the sandbox.
 */
export async function proxied(
  ctx: Awaited<ReturnType<typeof setup>>,
  script: readonly Step[],
  timeout = 30_000,
) {
  const proxy = await scriptedProxy(ctx.sandbox.url, script)
  const uid = String(7_710_000_000 + ++accounts)
  const credentials = ctx.sandbox.admin.addKey({ uid, permissions: ['trade_rw'] })
  ctx.sandbox.admin.setStockCash('100000', uid)
  const options = {
    credentials,
    clock: { now: () => T0 },
    rateLimiter: false,
    lotSizes: false,
  } as const
  const client = createSecuritiesClient({
    ...options,
    baseUrl: proxy.url,
    timeout,
    reconcile: { attempts: 3, baseDelayMs: 1 },
  })
  const direct = createSecuritiesClient({ ...options, baseUrl: ctx.sandbox.url })
  return { client, direct, proxy }
}

/** A day limit buy of one AAPL.US at 50, as these tests place it. */
export const order = {
  symbol: 'AAPL.US',
  orderType: 'LO',
  side: 'Buy',
  submittedQuantity: '1',
  submittedPrice: '50',
  timeInForce: 'Day',
  outsideRth: 'RTHOnly',
} as const
