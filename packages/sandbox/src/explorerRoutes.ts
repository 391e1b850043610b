/**
 * The routes of the API explorer (`/openapi.json`, `/explorer`, `/explorer/<asset>`). Each
 * loads `explorer.js` on its first call, so the explorer adds nothing to the sandbox's start
 * or to the exchange routes.
 */
import type { Context, Hono } from 'hono'
import { readBody } from './body.js'
import { respondFailure } from './envelope.js'
import type { Env } from './exchange.js'
import type { CheckRequest } from './explorer.js'
import { checkStructure, parseJson } from './json.js'
import { localRefusal } from './localGuard.js'
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

/** Mounts the explorer routes; `hosts` as the admin API's (see `localRefusal`). */
export function mountExplorer(
  app: Hono<Env>,
  state: SandboxState,
  hosts: readonly string[] = [],
): void {
  app.get('/openapi.json', async (c) => (await explorer()).openApi(new URL(c.req.url).origin))
  // The page carries the key's secret, like the admin API: local callers only.
  const refusal = (c: Context<Env>) => {
    const reason = localRefusal(c, hosts, true)
    return reason === undefined
      ? undefined
      : respondFailure(
          { code: '40300', msg: `The explorer ${reason}`, status: 403 },
          state.clock.now(),
        )
  }
  app.get('/explorer', async (c) => refusal(c) ?? (await explorer()).page(state))
  app.post('/explorer/check', async (c) => {
    const refused = refusal(c)
    if (refused) return refused
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
