/** The WebSocket endpoint of a product line's stream for a REST base URL. */

/**
 * The stream endpoint `path` (e.g. `/v3/ws/private`) for a REST base URL: the exchange's
 * stream host for `api.bitget.com` (`wspap.bitget.com` with demo trading), else the same host
 * and path prefix with `ws(s)://` (a sandbox, a proxy).
 *
 * @example
 * import { streamEndpoint } from '@tradeline/core'
 * streamEndpoint('https://api.bitget.com', false, '/v2/ws/public') // 'wss://ws.bitget.com/v2/ws/public'
 * streamEndpoint('http://127.0.0.1:8080', false, '/v3/ws/private') // 'ws://127.0.0.1:8080/v3/ws/private'
 */
export function streamEndpoint(baseUrl: string, demoTrading: boolean, path: string): string {
  const url = new URL(baseUrl)
  if (url.hostname === 'api.bitget.com')
    return `wss://${demoTrading ? 'wspap' : 'ws'}.bitget.com${path}`
  const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${url.host}${url.pathname.replace(/\/+$/, '')}${path}`
}
