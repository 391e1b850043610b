/**
 * Public endpoints: server time (v2 and v3) and the US market session states.
 */
import { Session } from '@tradeline/rules'
import type { Route } from '../exchange.js'

/**
 * GET /api/v2/public/time and /api/v3/public/time: `data.serverTime`, the sandbox clock in
 * milliseconds as a string.
 */
const time = (id: string, path: string): Route => ({
  id,
  method: 'GET',
  path,
  auth: false,
  handle: ({ now }) => ({ data: { serverTime: String(now) } }),
})

/** GET /api/v3/reality/market/states: the rules' session schedule at the sandbox's instant. */
const marketStates: Route = {
  id: 'unified.getMarketStates',
  method: 'GET',
  path: '/api/v3/reality/market/states',
  auth: false,
  handle: ({ now }) => ({ data: Session.marketStates(now) }),
}

/**
 * The public routes of the sandbox.
 *
 * @example
 * import { publicRoutes } from '@tradeline/sandbox'
 * publicRoutes.map((route) => route.path).includes('/api/v3/public/time') // true
 */
export const publicRoutes: readonly Route[] = [
  time('public.getTime', '/api/v2/public/time'),
  time('public.getTimeV3', '/api/v3/public/time'),
  marketStates,
]
