/**
 * Test helper: a stand-in for the stockplus routes, as a `fetch` that answers from handlers,
 * until the sandbox serves them (branch i12-sandbox). Never part of the build.
 */
import { createSecuritiesClient } from '../createSecuritiesClient.js'

/** One call as received. */
export type Received = {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
}
/** Answers a call with `data`, or with `{ code, msg }` for a failure. */
export type Handler = (call: Received) => unknown

/** A failure envelope a handler can return. */
export class Fail {
  constructor(
    readonly code: string,
    readonly msg: string,
  ) {}
}

/** A client whose `fetch` is answered by `handlers` (by path); `received` lists every call. */
export function fakeClient(handlers: Record<string, Handler>) {
  const received: Received[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const call: Received = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    received.push(call)
    const handler = handlers[url.pathname]
    const data = handler ? handler(call) : new Fail('40404', 'no route')
    const envelope =
      data instanceof Fail
        ? { code: data.code, msg: data.msg, requestTime: Date.now(), data: null }
        : { code: '00000', msg: 'success', requestTime: Date.now(), data }
    return new Response(JSON.stringify(envelope), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  const client = createSecuritiesClient({
    baseUrl: 'http://stockplus.test',
    credentials: { apiKey: 'key', secret: 'secret', passphrase: 'pass' },
    fetch,
    rateLimiter: false,
    // The lot size check (a market/static read before a placement) is tested on the sandbox.
    lotSizes: false,
  })
  return Object.assign(client, { received })
}
