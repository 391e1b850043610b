/** Saturating load on place-order through the sandbox: shared by the test and the bench. */
import { createTransport, RateLimitedError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { type Route, startSandbox } from '@tradeline/sandbox'
import { createRateLimiter } from '../createRateLimiter.js'

/** What one run saw: calls that passed, 429s, other failures, the server's arrival times. */
export type Saturation = {
  ok: number
  limited: number
  failures: unknown[]
  /** Sandbox-clock arrival times of the calls the server let through. */
  arrivals: { at: number }[]
}

/**
 * Serves place-order through the sandbox pipeline (auth, strict server-side limits, checks),
 * and has `callers` callers send it through `createTransport` with `createRateLimiter()` for
 * `durationMs`, each sending again as soon as its call settles: always more demand than 10/s.
 */
export async function saturate(durationMs: number, callers = 20): Promise<Saturation> {
  const arrivals: { at: number }[] = []
  const route: Route = {
    id: Unified.placeOrder.id,
    method: 'POST',
    path: Unified.placeOrder.path,
    auth: true,
    handle: ({ now }) => {
      arrivals.push({ at: now })
      return { data: { orderId: String(now), clientOid: null } }
    },
  }
  const sandbox = await startSandbox({ port: 0, routes: [route] })
  const rateLimiter = createRateLimiter()
  const transport = createTransport({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    rateLimiter,
  })
  const body = {
    category: 'SPOT',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    qty: '0.01',
    price: '50000',
  }
  const result: Saturation = { ok: 0, limited: 0, failures: [], arrivals }
  const end = Date.now() + durationMs
  const caller = async () => {
    while (Date.now() < end) {
      try {
        await transport.request({ endpoint: Unified.placeOrder, body })
        result.ok++
      } catch (error) {
        if (RateLimitedError.isInstance(error)) result.limited++
        else result.failures.push(error)
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: callers }, caller))
  } finally {
    rateLimiter.close()
    await sandbox.close()
  }
  return result
}
