/**
 * Who may use the admin API (`/sandbox/*`) and the explorer (`/explorer`, which carries the key's
 * secret): a caller on this machine, reached under a loopback name, not on behalf of another site.
 *
 * The loopback address alone let any web page the user opened drive them: the browser is on this
 * machine, so a page could POST `text/plain` to `/sandbox/*` (a "simple" request, sent without
 * asking), and a page whose name it re-pointed at 127.0.0.1 (DNS rebinding) could read
 * `/sandbox/state` or the explorer, secret included. So, besides the address: the `Host` header
 * names a loopback host (or one the user started the sandbox under), on any port, an
 * `Origin` is such a host too, `Sec-Fetch-Site` is not `cross-site`, and a page's POST to the
 * admin API (one with an `Origin`, `Sec-Fetch-Site` or `Sec-Fetch-Dest`: a page on another port of this machine
 * passes the host checks) is `application/json` (which no page can send to another origin without
 * a CORS preflight, which the sandbox does not grant). A script's POST (no such header: curl -d,
 * a test harness) is served whatever its Content-Type.
 */
import type { Context } from 'hono'
import { type Env, remoteAddress } from './exchange.js'
import { headerOf } from './requestHeader.js'

/**
 * Whether a remote address is the local machine (`local` stands for an embedded call
 * without a socket).
 *
 * @example
 * import { isLoopback } from '@tradeline/sandbox'
 * isLoopback('::ffff:127.0.0.1') // true
 */
export function isLoopback(address: string): boolean {
  return (
    address === 'local' ||
    address === '::1' ||
    address.startsWith('127.') ||
    address.startsWith('::ffff:127.')
  )
}

/** The host names every sandbox answers its admin API and explorer under. */
export const loopbackHosts: readonly string[] = ['127.0.0.1', 'localhost', '[::1]']

/** A host name as it appears in a `Host` header or a URL: lower case, an IPv6 address in brackets. */
function hostName(host: string): string {
  const lower = host.trim().toLowerCase()
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower
}

/** The name of a `Host` header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`), without its port. */
function nameOfHost(header: string): string {
  return /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(header.trim().toLowerCase())?.[1] ?? ''
}

/**
 * The reason a call may not use the admin API or the explorer, else `undefined`. `hosts` are the
 * names allowed besides {@link loopbackHosts} (the host `startSandbox` was given); `json` asks a
 * POST to be `application/json`.
 */
export function localRefusal(
  c: Context<Env>,
  hosts: readonly string[],
  json: boolean,
): string | undefined {
  const address = remoteAddress(c)
  if (!isLoopback(address)) return 'answers loopback callers only'
  const allowed = new Set([...loopbackHosts, ...hosts.map(hostName)])
  // A browser always sends the Host it resolved; a call without one (embedded, HTTP/1.0) is no page.
  // Any port: a re-pointed name is refused by its name, and a port forward (ssh -L, an editor's
  // forwarded port) reaches the sandbox under another port of a loopback name.
  const host = headerOf(c, 'host')
  if (host !== undefined && !allowed.has(nameOfHost(host)))
    return `answers requests to ${[...allowed].join(', ')} only (Host ${JSON.stringify(host)}; a name re-pointed at this machine is refused)`
  const origin = headerOf(c, 'origin')
  if (origin !== undefined) {
    let name: string | undefined
    try {
      name = hostName(new URL(origin).hostname)
    } catch {}
    if (name === undefined || !allowed.has(name))
      return `answers pages of ${[...allowed].join(', ')} only (Origin ${JSON.stringify(origin)})`
  }
  if (headerOf(c, 'sec-fetch-site')?.toLowerCase() === 'cross-site')
    return 'does not answer requests another site makes (Sec-Fetch-Site: cross-site)'
  // A page's POST carries an Origin (every browser sends one on a POST) and Sec-Fetch-Site and
  // Sec-Fetch-Dest; a script's (curl -d, Node's fetch: it sends Sec-Fetch-Mode alone, a test
  // harness) carries none of them and is served whatever its Content-Type.
  const browser =
    origin !== undefined ||
    headerOf(c, 'sec-fetch-site') !== undefined ||
    headerOf(c, 'sec-fetch-dest') !== undefined
  if (json && browser && c.req.method === 'POST') {
    const type = headerOf(c, 'content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json')
      return "takes a page's POST body as Content-Type: application/json only (a page of another site, even on another port of this machine, can send text/plain)"
  }
  return undefined
}
