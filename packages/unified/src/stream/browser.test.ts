// The private stream in a real browser: the BUILT package bundled for the browser (rolldown), the stream
// running in Debian's Chromium on the browser's own WebSocket, against a sandbox behind a
// same-origin loopback server (no CORS: the exchange sends none). Orders and fills arrive once
// each with REST field names, and after a dropped connection the page reconnects by itself and
// emits what it missed, once each, in order.
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { createUnifiedClient, UnifiedClient } from '../createUnifiedClient.js'
import {
  buildIfMissing,
  bundlePage,
  launch,
  type PageBundle,
  type PageServer,
  servePage,
} from '../test/browserPage.js'
import { restingBuy } from '../test/sandbox.js'
import type { createUnifiedStream, UnifiedStream } from './createUnifiedStream.js'

/** What the page keeps on `window`. */
type PageGlobals = {
  tradeline: {
    createUnifiedClient: typeof createUnifiedClient
    createUnifiedStream: typeof createUnifiedStream
  }
  client: UnifiedClient
  stream: UnifiedStream
  /** Every record the iterators yielded, with its topic. */
  seen: { topic: 'order' | 'fill'; record: Record<string, unknown> }[]
  /** Every order and fill as the listeners saw it: `topic id status-or-qty action`. */
  heard: string[]
  /** Connection events: `open`, `ready <resumed>`, `down <reason>`, `error`. */
  connection: string[]
  /** Errors the iterators ended with. */
  failures: string[]
}

let sandbox: RunningSandbox
let bundle: PageBundle
let server: PageServer
let browser: Browser

beforeAll(async () => {
  buildIfMissing()
  bundle = await bundlePage()
  sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true })
  server = await servePage(bundle, sandbox.url)
  browser = await launch()
}, 120_000)

afterAll(async () => {
  sandbox?.admin.ws.refuse(false)
  await browser?.close()
  await server?.close()
  await sandbox?.close()
})

/** Every URL the page asked for (documents, scripts, fetches, WebSockets). */
const requested: string[] = []
/** Uncaught errors in the page. */
const pageErrors: string[] = []
/** The pages of the running test: closed after it, passed or not. */
const pages = new Set<Page>()

afterEach(async () => {
  for (const page of pages) await closePage(page)
})

/**
 * Opens the page in a fresh context and starts, in the page, a client of the sandbox (through
 * the page's origin), a stream with short backoff, and readers of `orders()` and `fills()`.
 */
async function openStream(): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  pages.add(page)
  page.on('request', (request) => requested.push(request.url()))
  page.on('websocket', (socket) => requested.push(socket.url()))
  page.on('pageerror', (error) => pageErrors.push(String(error)))
  await page.goto(`${server.origin}/`)
  await page.waitForFunction(() => 'tradeline' in globalThis)
  await page.evaluate(async (credentials) => {
    const w = globalThis as unknown as PageGlobals
    const client = w.tradeline.createUnifiedClient({
      baseUrl: location.origin,
      credentials,
      instruments: false,
      positionMode: false,
    })
    const stream = w.tradeline.createUnifiedStream(client, {
      credentials,
      backoff: { initialMs: 50, maxMs: 200 },
    })
    const seen: PageGlobals['seen'] = []
    const heard: string[] = []
    const connection: string[] = []
    const failures: string[] = []
    Object.assign(w, { client, stream, seen, heard, connection, failures })
    stream.on('connection', (event) => {
      if (event.type === 'down') connection.push(`down ${event.reason}`)
      else if (event.type === 'ready') connection.push(`ready ${event.resumed}`)
      else connection.push(event.type)
    })
    stream.on('order', (order, meta) =>
      heard.push(`order ${order.orderId} ${order.orderStatus} ${meta.action}`),
    )
    stream.on('fill', (fill, meta) =>
      heard.push(`fill ${fill.orderId} ${fill.execQty} ${meta.action}`),
    )
    const pump = async (topic: 'order' | 'fill', iterator: AsyncIterable<object>) => {
      try {
        for await (const record of iterator)
          seen.push({ topic, record: record as Record<string, unknown> })
      } catch (error) {
        failures.push(String(error))
      }
    }
    void pump('order', stream.orders())
    void pump('fill', stream.fills())
    await stream.ready()
  }, sandbox.credentials)
  return page
}

/** The page's globals, read from the test. */
const read = <K extends keyof PageGlobals>(page: Page, key: K): Promise<PageGlobals[K]> =>
  page.evaluate(
    (k: string) => (globalThis as unknown as Record<string, unknown>)[k],
    key,
  ) as Promise<PageGlobals[K]>

/** Closes the page's stream and its context. */
async function closePage(page: Page): Promise<void> {
  pages.delete(page)
  await page.evaluate(() => (globalThis as unknown as PageGlobals).stream?.close())
  await page.context().close()
}

/** Places an order through the page's REST client; its id. */
const place = (page: Page, order: Record<string, string>): Promise<string> =>
  page.evaluate(
    async (o) =>
      (await (globalThis as unknown as PageGlobals).client.orders.place(o as never)).orderId,
    order,
  )

/** Cancels an order through the page's REST client. */
const cancel = (page: Page, orderId: string): Promise<unknown> =>
  page.evaluate(
    (id) => (globalThis as unknown as PageGlobals).client.orders.cancel({ orderId: id }),
    orderId,
  )

/** Waits until the page's iterators yielded `n` records in all. */
const seenCount = (page: Page, n: number) =>
  expect
    .poll(async () => (await read(page, 'seen')).length, { timeout: 10_000, interval: 20 })
    .toBe(n)

/** A resting futures limit buy (BTCUSDT, far below the market). */
const futuresBuy = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000',
}

/** Every URL the page asked for is on the page server's origin (127.0.0.1); no uncaught error. */
function expectOnlyLoopback(): void {
  const origin = new URL(server.origin)
  expect(origin.hostname).toBe('127.0.0.1')
  expect(requested.length).toBeGreaterThan(0)
  for (const url of requested) expect(new URL(url).host, url).toBe(origin.host)
  expect(pageErrors).toEqual([])
}

describe('the private stream: the unified stream in Chromium against the sandbox', () => {
  test('the browser bundle of the built package imports no Node built-in', () => {
    expect(bundle.builtins).toEqual([])
    const code = [...bundle.files.values()].join('\n')
    expect(code).toContain('createUnifiedStream')
    expect(code).not.toMatch(/\bfrom\s*["']node:|\bimport\s*\(\s*["']node:|require\(/)
  })

  test('a resting order filled: live, filled and the fill, once each, with REST field names', async () => {
    // Hedge mode, so that the position side is pushed (as holdSide) and read as posSide.
    sandbox.admin.setPositionMode('hedge', { category: 'USDT-FUTURES' })
    const page = await openStream()
    const orderId = await place(page, { ...futuresBuy, posSide: 'long' })
    await seenCount(page, 1)
    sandbox.admin.fill(orderId)
    // A later order placed and cancelled: once its cancel is seen, everything before it was.
    const later = await place(page, restingBuy)
    await cancel(page, later)
    await seenCount(page, 5)

    const seen = await read(page, 'seen')
    const status = (s: PageGlobals['seen'][number]) =>
      s.topic === 'order' ? s.record.orderStatus : s.record.execQty
    expect(seen.map((s) => [s.topic, s.record.orderId, status(s)])).toEqual([
      ['order', orderId, 'live'],
      ['fill', orderId, '0.01'],
      ['order', orderId, 'filled'],
      ['order', later, 'live'],
      ['order', later, 'cancelled'],
    ])
    const [live, fill, filled] = seen.map((s) => s.record)
    const rest = await page.evaluate(async (id) => {
      const { client } = globalThis as unknown as PageGlobals
      const [order, fills] = await Promise.all([
        client.orders.get({ orderId: id }),
        client.orders.getFills({ orderId: id }),
      ])
      return { order, fills: fills.list }
    }, orderId)
    // The push read into the REST record: category upper-case, holdSide as posSide, execTime as createdTime.
    for (const order of [live, filled]) {
      expect(order).toMatchObject({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', qty: '0.01' })
      expect(order).toHaveProperty('createdTime', rest.order.createdTime)
      expect(order).toHaveProperty('posSide', 'long')
      expect(rest.order.posSide).toBe('long')
      expect(order).not.toHaveProperty('holdSide')
    }
    expect(filled).toMatchObject({ cumExecQty: '0.01', updatedTime: rest.order.updatedTime })
    expect(rest.fills).toHaveLength(1)
    expect(fill).toMatchObject({
      category: 'USDT-FUTURES',
      execId: rest.fills[0]?.execId,
      execPrice: rest.fills[0]?.execPrice,
      createdTime: rest.fills[0]?.createdTime,
      posSide: 'long',
    })
    expect(rest.fills[0]?.posSide).toBe('long')
    expect(fill).not.toHaveProperty('execTime')
    expect(fill).not.toHaveProperty('holdSide')
    expect(await read(page, 'heard')).toEqual([
      `order ${orderId} live update`,
      `fill ${orderId} 0.01 update`,
      `order ${orderId} filled update`,
      `order ${later} live update`,
      `order ${later} cancelled update`,
    ])
    expect(await read(page, 'failures')).toEqual([])
    expect(await read(page, 'connection')).toEqual(['open', 'ready false'])
    await closePage(page)
    expectOnlyLoopback()
    expect(server.proxied).toContain('ws /v3/ws/private')
    expect(server.proxied).toContain('http POST /api/v3/trade/place-order')
  })

  test('dropped while the sandbox fills and cancels: the page reconnects by itself and emits the missed events once each, in order', async () => {
    const page = await openStream()
    const [a, b, c] = [
      await place(page, restingBuy),
      await place(page, restingBuy),
      await place(page, restingBuy),
    ]
    await seenCount(page, 3)

    sandbox.admin.ws.refuse(true)
    expect(sandbox.admin.ws.drop()).toBe(1)
    await expect.poll(() => read(page, 'connection')).toContain('down closed')
    // While down (and refused): a full fill, a partial fill, a cancel, an order placed and filled.
    sandbox.admin.advanceClock(5)
    sandbox.admin.fill(a)
    sandbox.admin.advanceClock(5)
    sandbox.admin.fill(b, '0.004')
    sandbox.admin.advanceClock(5)
    await cancel(page, c)
    sandbox.admin.advanceClock(5)
    const d = await place(page, restingBuy)
    sandbox.admin.advanceClock(5)
    sandbox.admin.fill(d)
    // The page keeps trying, by itself (backoff of at most 200 ms): the upgrades are refused.
    await expect
      .poll(async () => (await read(page, 'connection')).filter((e) => e === 'down closed').length)
      .toBeGreaterThanOrEqual(3)
    sandbox.admin.ws.refuse(false)
    await expect.poll(() => read(page, 'connection'), { timeout: 10_000 }).toContain('ready true')
    await seenCount(page, 10)

    const seen = await read(page, 'seen')
    const missed = seen.slice(3)
    expect(
      missed
        .filter((s) => s.topic === 'order')
        .map((s) => [s.record.orderId, s.record.orderStatus]),
    ).toEqual([
      [a, 'filled'],
      [b, 'partially_filled'],
      [c, 'cancelled'],
      [d, 'filled'],
    ])
    expect(
      missed.filter((s) => s.topic === 'fill').map((s) => [s.record.orderId, s.record.execQty]),
    ).toEqual([
      [a, '0.01'],
      [b, '0.004'],
      [d, '0.01'],
    ])
    const heard = await read(page, 'heard')
    expect(heard.slice(3).every((line) => line.endsWith(' replay'))).toBe(true)

    // Another reconnect with nothing new replays nothing; then live events follow, once each.
    await page.evaluate(() => (globalThis as unknown as PageGlobals).stream.reconnect())
    await expect
      .poll(async () => (await read(page, 'connection')).filter((e) => e === 'ready true').length)
      .toBe(2)
    sandbox.admin.fill(b)
    await seenCount(page, 12)
    const after = (await read(page, 'seen')).slice(10)
    expect(after.map((s) => [s.topic, s.record.orderId])).toEqual([
      ['fill', b],
      ['order', b],
    ])
    expect(after[1]?.record.orderStatus).toBe('filled')
    expect((await read(page, 'heard')).slice(10)).toEqual([
      `fill ${b} 0.006 update`,
      `order ${b} filled update`,
    ])
    expect(await read(page, 'failures')).toEqual([])
    await closePage(page)
    expectOnlyLoopback()
  })
})
