/** Test helpers: a strict sandbox on loopback on a fixed clock, and securities clients of it. Never part of the build. */
import { startSandbox } from '@tradeline/sandbox'
import { createSecuritiesClient } from '../createSecuritiesClient.js'

/** 2026-07-01 14:00 UTC: 10:00 in New York, the regular session. */
export const T0 = Date.UTC(2026, 6, 1, 14, 0)

/** Starts a strict sandbox without rate limits on a fixed clock; `client(permissions)` makes a client of a fresh account. */
export async function setup(options: Parameters<typeof startSandbox>[0] = {}) {
  let now = T0
  const clock = { now: () => now }
  const sandbox = await startSandbox({
    port: 0,
    rateLimits: false,
    strict: true,
    clock,
    seed: 7,
    ...options,
  })
  let accounts = 0
  /** A client of a fresh account whose key has `permissions`; `sent` lists the endpoints it calls. */
  const client = (
    permissions: ('trade_rw' | 'trade_ro' | 'optionQuote')[] = ['trade_rw', 'optionQuote'],
    extra: createSecuritiesClient.Parameters = {},
  ) => {
    const uid = String(7_700_000_000 + ++accounts)
    const credentials = sandbox.admin.addKey({ uid, permissions })
    const sent: string[] = []
    const made = createSecuritiesClient({
      baseUrl: sandbox.url,
      credentials,
      clock,
      hooks: { request: (view) => void sent.push(view.endpoint) },
      ...extra,
    })
    return Object.assign(made, { uid, sent })
  }
  return {
    sandbox,
    client,
    /** Moves the clock. */
    setNow(ms: number) {
      now = ms
    },
  }
}

/** A day market buy of one unit of `symbol` (US regular hours), as the tests place it. */
export const marketBuy = (symbol: string) =>
  ({
    symbol,
    orderType: 'MO',
    side: 'Buy',
    submittedQuantity: '1',
    timeInForce: 'Day',
    outsideRth: 'RTHOnly',
  }) as const
