/** Test helpers: a sandbox on loopback and clients of it. Never part of the build. */

import type { Instrument } from '@tradeline/rules'
import { defaultInstruments, type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '../createUnifiedClient.js'

/** The sandbox's seed instruments as the client's `instruments` option. */
export function instrumentsOf(sandbox: RunningSandbox): Record<string, Instrument> {
  const { instruments } = sandbox.admin.state() as unknown as {
    instruments: (Instrument & { category: string })[]
  }
  return Object.fromEntries(
    instruments.map(({ category: _, ...instrument }) => [instrument.symbol, instrument]),
  )
}

/** The calls a client makes to load what it checks with, not asked by the caller. */
const loadIds = new Set(['public.getInstruments', 'unified.getAccountSettings'])

/** Starts a sandbox without rate limits (unless asked) and returns it with a client factory. */
export async function setup(options: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true, ...options })
  /**
   * A client of the sandbox's first key; `sent` lists the calls it sends, but for the loads of
   * instruments and account settings, which `loads` lists.
   */
  const client = (extra: createUnifiedClient.Parameters = {}) => {
    const sent: string[] = []
    const loads: string[] = []
    const made = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      hooks: {
        request: (view) => void (loadIds.has(view.endpoint) ? loads : sent).push(view.endpoint),
      },
      ...extra,
    })
    return Object.assign(made, { sent, loads })
  }
  return { sandbox, client }
}

/** A resting spot limit buy of ETHUSDT (price 3200): far below the market, it stays open. */
export const restingBuy = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
} as const

/** A futures limit buy of BTCUSDT at 60000, below the sandbox's price: it rests open. */
export const futuresBuy = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000',
} as const

/** The sandbox's BTCUSDT perpetual as it is seeded (for `admin.setInstrument` and back). */
export const seededBtc = (() => {
  const seeded = defaultInstruments.find(
    (instrument) => instrument.symbol === 'BTCUSDT' && instrument.category === 'USDT-FUTURES',
  )
  if (!seeded) throw new Error('the sandbox seeds no BTCUSDT perpetual')
  return seeded
})()
