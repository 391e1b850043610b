/**
 * A request header's value, read from the request as Node received it when the sandbox runs on
 * Node's server: `c.req.header()` builds a web `Headers` of every header first, which cost a tenth
 * of a small sandbox call. The value is the one `Headers.get` gives: every field of that name
 * (case-insensitive), joined by `, `, or `undefined` when there is none.
 */
import type { Context } from 'hono'
import type { Env } from './exchange.js'

/** The value of header `name` of the request of `c`; see the module comment. */
export function headerOf(c: Context<Env>, name: string): string | undefined {
  const raw = c.env?.incoming?.rawHeaders
  if (raw === undefined) return c.req.header(name)
  const wanted = name.toLowerCase()
  let value: string | undefined
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const field = raw[i] as string
    if (field.length !== wanted.length || field.toLowerCase() !== wanted) continue
    const next = raw[i + 1] as string
    value = value === undefined ? next : `${value}, ${next}`
  }
  return value
}
