/**
 * The routes of the API explorer (`/openapi.json`, `/explorer`, `/explorer/<asset>`). Each
 * loads `explorer.js` on its first call, so the explorer adds nothing to the sandbox's start
 * or to the exchange routes.
 */
import type { Hono } from 'hono'
import { isLoopback } from './adminRoutes.js'
import { readBody } from './body.js'
import { respondFailure } from './envelope.js'
import { type Env, remoteAddress } from './exchange.js'
import type { CheckRequest } from './explorer.js'
import { checkStructure, parseJson } from './json.js'
import type { SandboxState } from './state.js'

const explorer = () => import('./explorer.js')

/** The JSON object or array of `text` within `jsonBounds`, else `null`. */
function checkedJson(text: string): object | null {
  if (checkStructure(text) !== undefined) return null
  try {
    const value: unknown = parseJson(text)
    return typeof value === 'object' ? value : null
  } catch {
    return null
  }
}

/** Mounts the explorer routes. */
export function mountExplorer(app: Hono<Env>, state: SandboxState): void {
  app.get('/openapi.json', async (c) => (await explorer()).openApi(new URL(c.req.url).origin))
  // The page carries the key's secret, like the admin API: loopback callers only.
  const refuse = () =>
    respondFailure(
      { code: '40300', msg: 'The explorer answers loopback callers only', status: 403 },
      state.clock.now(),
    )
  app.get('/explorer', async (c) => {
    if (!isLoopback(remoteAddress(c))) return refuse()
    return (await explorer()).page(state)
  })
  app.post('/explorer/check', async (c) => {
    if (!isLoopback(remoteAddress(c))) return refuse()
    // Within the body limit and the JSON bounds, as every other route (README "Input limits").
    const read = await readBody(c)
    if (!read.ok) return respondFailure(read.failure, state.clock.now())
    const request = checkedJson(read.text) as CheckRequest | null
    if (request === null || typeof request.method !== 'string' || typeof request.path !== 'string')
      return c.json({ known: false, issues: [] }, 400)
    return c.json((await explorer()).checkRequest(state, request))
  })
  app.get('/explorer/:asset', async (c) => {
    const found = await (await explorer()).asset(c.req.param('asset'))
    return found ?? c.notFound()
  })
}
