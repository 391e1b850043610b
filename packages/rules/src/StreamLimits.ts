/**
 * The limits of the exchange's WebSocket streams, as rules for the limiter of
 * `@tradeline/rate-limit` (a module of its own, so a REST-only bundle carries none of it).
 */
import type { Rule } from './RateLimits.js'

const streamSource = (what: string) =>
  `Bitget WebSocket intro of the classic API (https://www.bitget.com/api-doc/common/websocket-intro) and its changelog of 22 Nov 2024 ("${what}"); not confirmed for the v3 stream, so marked assumed`

/**
 * The private stream's limits, per connection (a stream has one): connections per IP, messages
 * per second (`ping` included) and subscriptions per hour. The exchange documents them for the
 * classic stream only (docs/exchange-conventions.md, WebSocket limits), so each rule is marked
 * `assumed`.
 *
 * @example
 * import { streamLimits } from '@tradeline/rules'
 * const [perSecond] = streamLimits.message
 * perSecond?.kind === 'window' && perSecond.limit // 10
 */
export const streamLimits: Readonly<Record<'connect' | 'message' | 'subscribe', readonly Rule[]>> =
  {
    connect: [
      {
        kind: 'window',
        key: 'stream.connect',
        scope: 'ip',
        limit: 300,
        windowMs: 300_000,
        assumed: true,
        source: streamSource('300 connects/IP/5 min'),
      },
    ],
    message: [
      {
        kind: 'window',
        key: 'stream.message',
        scope: 'uid',
        limit: 10,
        windowMs: 1000,
        assumed: true,
        source: streamSource('<=10 messages/s/connection incl. ping'),
      },
    ],
    subscribe: [
      {
        kind: 'window',
        key: 'stream.subscribe',
        scope: 'uid',
        limit: 240,
        windowMs: 3_600_000,
        assumed: true,
        source: streamSource('240 subscribes/hour/connection'),
      },
    ],
  }
