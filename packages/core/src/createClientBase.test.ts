// The foundation of the clients against a real sandbox on 127.0.0.1: the transport it makes
// (with the line's User-Agent and a default limiter over the line's rows and the public rows
// only), the frozen config, and actions bound to the client.
import { ClassicFutures, RateLimits, Unified } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { callEndpoint, clientOidFor } from './calls.js'
import {
  bindActions,
  type CallOptions,
  type ClientBase,
  createClientBase,
  extendClient,
  type RateLimitRows,
} from './createClientBase.js'
import { createTransport } from './createTransport.js'
import type { RateLimiter } from './RateLimiter.js'
import { version as coreVersion } from './version.js'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 11, strict: true })
})
afterAll(() => sandbox.close())

/**
 * The limiters a line's factory made, each with the rows it was given. Each holds its rows as
 * `createRateLimiterFor` of `@tradeline/rate-limit` does (that package builds on core, so its
 * test cannot be used here): an endpoint outside them is refused by `RateLimits.resolveIn`.
 */
let made: { rows: RateLimitRows; acquired: string[] }[] = []
beforeEach(() => {
  made = []
})
function createRateLimiter(rows: RateLimitRows): RateLimiter {
  const limiter = { rows, acquired: [] as string[] }
  made.push(limiter)
  return {
    acquire: async ({ endpoint }) => {
      RateLimits.resolveIn(rows, endpoint)
      limiter.acquired.push(endpoint)
      return () => {}
    },
  }
}

/** The unified line as its client gives it. */
const unifiedLine = {
  name: 'unified',
  version: '9.8.7',
  rateLimits: RateLimits.unifiedTable,
  createRateLimiter,
}

const paths = () => sandbox.admin.requests().map((request) => request.path)
const anyData = v.unknown()

describe('createClientBase', () => {
  test('the transport and the frozen config, nothing else; the line is named in the User-Agent', async () => {
    const base = createClientBase({ baseUrl: sandbox.url }, unifiedLine)
    expect(Object.keys(base)).toEqual(['transport', 'config'])
    expect(base.config).toEqual({})
    expect(Object.isFrozen(base.config)).toBe(true)
    await base.transport.serverTime()
    expect(sandbox.admin.requests().at(-1)?.userAgent).toBe(
      `tradeline-unified/9.8.7 (+core ${coreVersion}; node ${process.versions.node})`,
    )
  })

  test("the default limiter holds only the line's rows and the public rows: a unified client's limiter knows no classic row", async () => {
    const base = createClientBase(
      { baseUrl: sandbox.url, credentials: sandbox.credentials },
      unifiedLine,
    )
    expect(made).toHaveLength(1)
    const rows = Object.keys(made[0]?.rows ?? {}).sort()
    expect(rows).toEqual(
      [...Object.keys(RateLimits.publicTable), ...Object.keys(RateLimits.unifiedTable)].sort(),
    )
    expect(rows.some((id) => id.startsWith('classic.'))).toBe(false)

    // The line's own endpoints and the transport's time read pass through it to the sandbox.
    await base.transport.request({ endpoint: Unified.getUnfilledOrders, query: {} })
    await base.transport.serverTime()
    expect(made[0]?.acquired).toEqual(['unified.getUnfilledOrders', 'public.getTime'])

    // Another line's endpoint is refused by the limiter, before anything is sent.
    const before = sandbox.admin.requests().length
    const refused = await base.transport
      .request({ endpoint: ClassicFutures.getContracts, query: { productType: 'USDT-FUTURES' } })
      .catch((error: unknown) => error)
    expect(RateLimits.UnknownEndpointError.isInstance(refused)).toBe(true)
    expect(sandbox.admin.requests()).toHaveLength(before)
  })

  test('each line its own rows: a classic base holds the classic and public rows, no unified one', async () => {
    const base = createClientBase(
      { baseUrl: sandbox.url },
      { ...unifiedLine, rateLimits: RateLimits.classicTable },
    )
    const rows = Object.keys(made[0]?.rows ?? {})
    expect(rows).toContain('classic.getContracts')
    expect(rows).toContain('public.getTime')
    expect(rows.some((id) => id.startsWith('unified.'))).toBe(false)
    await base.transport.request({
      endpoint: ClassicFutures.getContracts,
      query: { productType: 'USDT-FUTURES' },
    })
    expect(paths().at(-1)).toBe('/api/v2/mix/market/contracts')
  })

  test('a given limiter replaces the default; `false` sends without one; a given transport is used as it is', async () => {
    const own: string[] = []
    const given = createClientBase(
      {
        baseUrl: sandbox.url,
        rateLimiter: {
          acquire: async ({ endpoint }) => {
            own.push(endpoint)
            return () => {}
          },
        },
      },
      unifiedLine,
    )
    await given.transport.request({
      endpoint: ClassicFutures.getContracts,
      query: { productType: 'USDT-FUTURES' },
    })
    expect(own).toEqual(['classic.getContracts'])

    const none = createClientBase({ baseUrl: sandbox.url, rateLimiter: false }, unifiedLine)
    await none.transport.request({
      endpoint: ClassicFutures.getContracts,
      query: { productType: 'USDT-FUTURES' },
    })

    const transport = createTransport({ baseUrl: sandbox.url })
    const shared = createClientBase({ transport, baseUrl: 'http://unused.invalid' }, unifiedLine)
    expect(shared.transport).toBe(transport)
    expect(made).toHaveLength(0)
  })

  test("the config: the client's signal, reconcile and clientOid generator and the line's own entries, undefined ones left out, frozen", () => {
    const signal = new AbortController().signal
    const clientOid = () => 'mine-1'
    const base = createClientBase(
      { baseUrl: sandbox.url, signal, reconcile: { attempts: 2 }, clientOid },
      { ...unifiedLine, config: { instruments: false as const, positionMode: undefined } },
    )
    expect(base.config).toEqual({
      instruments: false,
      reconcile: { attempts: 2 },
      clientOid,
      signal,
    })
    expect('positionMode' in base.config).toBe(false)
    expect(Object.isFrozen(base.config)).toBe(true)
    expect(() => {
      ;(base.config as { signal?: unknown }).signal = undefined
    }).toThrow(TypeError)
    expect(clientOidFor(base, undefined)).toBe('mine-1')
    expect(clientOidFor(base, 'given')).toBe('given')
    expect(clientOidFor({}, undefined)).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })
})

/** Two actions of the shape every client's are: the client first, then parameters and options. */
async function getOpenOrders(
  client: ClientBase,
  parameters: { category?: string } = {},
  options: CallOptions = {},
) {
  return callEndpoint(client, Unified.getUnfilledOrders, parameters, anyData, options)
}
function whoCalls(
  client: ClientBase & { readonly tag?: string },
  name: string,
  options: CallOptions = {},
) {
  return { tag: client.tag, name, options }
}

describe('extendClient and bindActions', () => {
  test('viem-style extend: the groups are added to the base, each action called with the base', async () => {
    const base = extendClient(
      createClientBase({ baseUrl: sandbox.url, credentials: sandbox.credentials }, unifiedLine),
      () => ({ tag: 'base' }),
    )
    const client = extendClient(base, (c) => ({
      orders: bindActions(c, { getOpen: getOpenOrders, who: whoCalls }),
    }))
    expect(Object.keys(client)).toEqual(['transport', 'config', 'tag', 'orders'])
    expect(client.transport).toBe(base.transport)
    expect(client.orders.who('x')).toEqual({ tag: 'base', name: 'x', options: {} })
    expect(await client.orders.getOpen({ category: 'SPOT' })).toBeDefined()
    expect(paths().at(-1)).toBe('/api/v3/trade/unfilled-orders')
  })

  test('a null or absent options argument is passed on as {}', () => {
    const { who } = bindActions({ transport: createTransport(), tag: 't' }, { who: whoCalls })
    const signal = new AbortController().signal
    expect(who('a', null as unknown as CallOptions).options).toEqual({})
    expect(who('a').options).toEqual({})
    expect(who('a', { signal }).options).toEqual({ signal })
  })

  test("a bound call runs under the client's signal", async () => {
    const controller = new AbortController()
    // A given transport: the signal is then the config's alone.
    const transport = createTransport({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const base = createClientBase({ transport, signal: controller.signal }, unifiedLine)
    const { getOpen } = bindActions(base, { getOpen: getOpenOrders })
    const before = sandbox.admin.requests().length
    controller.abort(new Error('client closed'))
    await expect(getOpen({})).rejects.toThrow('client closed')
    expect(sandbox.admin.requests()).toHaveLength(before)
  })
})
