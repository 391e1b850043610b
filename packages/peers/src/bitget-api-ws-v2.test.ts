/**
 * bitget-api (tiagosiebler) `WebsocketClientV2`, the classic WebSocket client, against the
 * sandbox's `/v2/ws/public` and `/v2/ws/private` (its `wsUrl` option): its subscriptions are
 * acknowledged (as `response` events it matches to its requests), its login is accepted, and
 * every push reaches it as an `update` whose record carries each field of the exchange's
 * documented example of that channel (`fixtures/exchange/`), with the same JSON types.
 */
import { readFileSync } from 'node:fs'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { RestClientV2, WebsocketClientV2 } from 'bitget-api'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { declared } from './test/bitgetApi.js'

const events = declared('types/websockets/ws-events.d.ts')

type Update = {
  action?: string
  arg?: Record<string, string>
  data?: unknown[]
  ts?: number
  wsKey?: string
}

let sandbox: RunningSandbox
let rest: RestClientV2
const clients: WebsocketClientV2[] = []
const updates: Update[] = []
const responses: { event?: string; arg?: Record<string, string>; wsKey?: string }[] = []
const exceptions: unknown[] = []

/** A client of one of the sandbox's paths (the `wsUrl` option serves every connection of it). */
const client = (path: string, credentials = {}) => {
  const ws = new WebsocketClientV2({ ...credentials, wsUrl: `${sandbox.wsUrl}${path}` }, {
    trace: () => {},
    info: () => {},
    error: () => {},
  } as never)
  ws.on('update', (event: Update) => void updates.push(event))
  ws.on('response', (event: (typeof responses)[number]) => void responses.push(event))
  ws.on('exception', (event: unknown) => void exceptions.push(event))
  clients.push(ws)
  return ws
}

beforeAll(async () => {
  // A classic account: the v2 futures REST calls need one (a unified key gets 40085).
  sandbox = await startSandbox({ port: 0, rateLimits: false, accountMode: 'classic' })
  const { apiKey, secret, passphrase } = sandbox.credentials
  rest = new RestClientV2({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: sandbox.url })
})

afterAll(async () => {
  for (const ws of clients) ws.closeAll(true)
  await sandbox?.close()
})

const waitFor = async (check: () => boolean, what: string) => {
  const end = Date.now() + 8000
  while (!check()) {
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(exceptions)}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A documented push of the exchange (`fixtures/exchange/<name>`). */
const documented = (name: string): Required<Update> =>
  JSON.parse(
    readFileSync(new URL(`../../../fixtures/exchange/${name}`, import.meta.url), 'utf8'),
  ) as Required<Update>

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value

/** Each key of the example `example` that `actual` lacks or holds with another JSON type. */
const shortfalls = (example: unknown, actual: unknown, path = '$'): string[] => {
  if (jsonType(example) !== jsonType(actual))
    return [`${path}: ${jsonType(example)} expected, got ${JSON.stringify(actual)}`]
  if (Array.isArray(example)) {
    const [first] = example
    return first === undefined
      ? []
      : (actual as unknown[]).flatMap((item, i) => shortfalls(first, item, `${path}[${i}]`))
  }
  if (jsonType(example) !== 'object') return []
  return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
    key in (actual as object)
      ? shortfalls(value, (actual as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}: missing`],
  )
}

const updatesOf = (channel: string, instId?: string) =>
  updates.filter((u) => u.arg?.channel === channel && (!instId || u.arg.instId === instId))

describe('WebsocketClientV2 on /v2/ws/public', () => {
  let ws: WebsocketClientV2
  const arg = (channel: string) => ({ instType: 'USDT-FUTURES', channel, instId: 'BTCUSDT' })

  test('subscribe() resolves on the acknowledgements of books, ticker, trade and candle1m, each echoing its arg', async () => {
    ws = client('/v2/ws/public')
    sandbox.admin.setPrice('BTCUSDT', '65000')
    await ws.subscribe(
      ['books', 'ticker', 'trade', 'candle1m'].map((topic) => ({
        topic,
        payload: { instType: 'USDT-FUTURES', instId: 'BTCUSDT' },
      })),
      'v2Public',
    )
    await waitFor(() => responses.filter((r) => r.event === 'subscribe').length >= 4, 'the acks')
    expect(responses.filter((r) => r.event === 'subscribe').map((r) => r.arg)).toEqual(
      ['books', 'ticker', 'trade', 'candle1m'].map(arg),
    )
    expect(exceptions).toEqual([])
  })

  test('books: a snapshot then updates, each with the fields of bitget-api’s WsDepthBookDataV2 and of the documented push', async () => {
    await waitFor(() => updatesOf('books').length >= 1, 'the books snapshot')
    sandbox.admin.ws.market.step('BTCUSDT', 3)
    await waitFor(() => updatesOf('books').length >= 4, 'three books updates')
    const books = updatesOf('books')
    expect(books.map((u) => u.action)).toEqual(['snapshot', 'update', 'update', 'update'])
    const example = documented('ws.classic.books5.json')
    for (const push of books) {
      expect(push.arg).toEqual(arg('books'))
      expect(push.wsKey).toBe('v2Public')
      expect(shortfalls(example.data, push.data)).toEqual([])
      // bitget-api 3.2.3 declares `seq` a string ("checksum removed May 2026 - use seq
      // instead"); the documented push has `seq` a number and a checksum, as the sandbox sends.
      const record = push.data?.[0] as { seq: number }
      expect(events.missing(record, 'WsDepthBookDataV2')).toEqual([
        `WsDepthBookDataV2.seq: string expected, got ${record.seq}`,
      ])
    }
    const last = books.at(-1)?.data?.[0] as { seq: number; checksum: number }
    const book = sandbox.admin.ws.market.book('BTCUSDT')
    expect(last).toMatchObject({ seq: book.seq, checksum: book.checksum })
  })

  test('ticker: the snapshot on subscribing and the update of a new price carry the documented fields', async () => {
    await waitFor(() => updatesOf('ticker').length >= 1, 'the ticker snapshot')
    sandbox.admin.setPrice('BTCUSDT', '65010.5')
    // The ticker is also pushed when the book's best bid or ask moves (the books test before this
    // one steps the book), so an update at the old price may come first, as late as it likes.
    const priced = () =>
      updatesOf('ticker').find((u) => (u.data?.[0] as { lastPr?: string })?.lastPr === '65010.5')
    await waitFor(() => priced() !== undefined, 'the ticker update of the new price')
    const [snapshot, ...updates] = updatesOf('ticker')
    const update = priced()
    expect([snapshot?.action, update?.action]).toEqual(['snapshot', 'update'])
    expect(updates.every((u) => u.action === 'update')).toBe(true)
    const example = documented('ws.classic.ticker.json')
    for (const push of [snapshot, ...updates])
      expect(shortfalls(example.data, push?.data)).toEqual([])
    expect(snapshot?.data?.[0]).toMatchObject({ instId: 'BTCUSDT', lastPr: '65000' })
    expect(update?.data?.[0]).toMatchObject({ instId: 'BTCUSDT', lastPr: '65010.5' })
  })

  test('trade: the public trade of a fill carries the documented fields', async () => {
    const { data } = await rest.futuresSubmitOrder({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      size: '0.02',
      side: 'buy',
      orderType: 'limit',
      price: '64000.5',
      force: 'gtc',
    })
    sandbox.admin.fill(data.orderId)
    await waitFor(() => updatesOf('trade').length >= 1, 'the trade push')
    const [trade] = updatesOf('trade')
    expect(shortfalls(documented('ws.classic.trade.json').data, trade?.data)).toEqual([])
    expect(trade?.data?.[0]).toMatchObject({ price: '64000.5', size: '0.02', side: 'buy' })
  })

  test('candle1m: the current candle (an array) on subscribing and its updates carry the documented items', async () => {
    await waitFor(() => updatesOf('candle1m').length >= 2, 'the candle snapshot and update')
    const example = documented('ws.classic.candle1m.json')
    const candles = updatesOf('candle1m')
    expect(candles[0]?.action).toBe('snapshot')
    for (const push of candles) {
      expect(shortfalls(example.data, push.data)).toEqual([])
      expect(push.data?.[0]).toHaveLength((example.data[0] as unknown[]).length)
    }
    // The candle holds every print of its minute: the admin price 65010.5 is its high, and the
    // fill at 64000.5 that came after it is its close.
    const last = candles.at(-1)?.data?.[0] as string[]
    expect([last[2], last[4]]).toEqual(['65010.5', '64000.5'])
  })

  test('unsubscribe() is acknowledged with the arg echoed; an unknown channel answers error 30001', async () => {
    await ws.unsubscribe(
      { topic: 'books', payload: { instType: 'USDT-FUTURES', instId: 'BTCUSDT' } },
      'v2Public',
    )
    await waitFor(() => responses.some((r) => r.event === 'unsubscribe'), 'the unsubscribe ack')
    expect(responses.find((r) => r.event === 'unsubscribe')?.arg).toEqual(arg('books'))
    void ws
      .subscribe(
        { topic: 'books7', payload: { instType: 'USDT-FUTURES', instId: 'BTCUSDT' } },
        'v2Public',
      )
      .catch(() => {})
    await waitFor(() => exceptions.length >= 1, 'the error')
    expect(exceptions[0]).toMatchObject({ event: 'error', code: 30001, wsKey: 'v2Public' })
    exceptions.length = 0
  })
})

describe('WebsocketClientV2 on /v2/ws/private', () => {
  const channels = ['orders', 'fill', 'positions', 'account'] as const

  test('logs in, subscribes orders, fill, positions and account of USDT-FUTURES, and receives the documented pushes of an order placed and filled', async () => {
    const { apiKey, secret, passphrase } = sandbox.credentials
    const ws = client('/v2/ws/private', { apiKey, apiSecret: secret, apiPass: passphrase })
    let authenticated = false
    ws.on('authenticated', () => {
      authenticated = true
    })
    await ws.subscribe(
      channels.map((topic) => ({
        topic,
        payload:
          topic === 'account'
            ? { instType: 'USDT-FUTURES', coin: 'default' }
            : { instType: 'USDT-FUTURES', instId: 'default' },
      })),
      'v2Private',
    )
    await waitFor(() => authenticated, 'the login')
    await waitFor(
      () =>
        channels.every((c) =>
          responses.some((r) => r.event === 'subscribe' && r.arg?.channel === c),
        ),
      'the acks',
    )
    const { data } = await rest.futuresSubmitOrder({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      size: '0.01',
      side: 'buy',
      orderType: 'limit',
      price: '63000',
      force: 'gtc',
      clientOid: 'peer-ws-v2-1',
    })
    sandbox.admin.fill(data.orderId)
    await waitFor(
      () =>
        updatesOf('orders').filter((u) => (u.data?.[0] as { status?: string })?.status === 'filled')
          .length >= 1,
      'the filled order push',
    )
    await waitFor(() => updatesOf('fill').length >= 1, 'the fill push')
    await waitFor(() => updatesOf('positions').some((u) => (u.data?.length ?? 0) > 0), 'a position')
    await waitFor(() => updatesOf('account').length >= 1, 'the account push')

    const files = {
      orders: 'classic.ws.orders.json',
      fill: 'classic.ws.fill.json',
      positions: 'classic.ws.positions.json',
      account: 'classic.ws.account.json',
    } as const
    for (const channel of channels) {
      const example = documented(files[channel])
      for (const push of updatesOf(channel)) {
        expect(push.arg).toEqual(example.arg)
        expect(push.wsKey).toBe('v2Private')
        if (channel === 'orders') continue
        if ((push.data?.length ?? 0) > 0) expect(shortfalls(example.data, push.data)).toEqual([])
      }
    }
    const orders = updatesOf('orders').map((u) => u.data?.[0] as Record<string, string>)
    expect(orders.map((o) => o.status)).toEqual(['live', 'filled'])
    // The order channel's example is a fill's push: a filled order's has all its fields. The doc
    // spells `clientOId`; the exchange's live push (and the sandbox) `clientOid`. A live order's
    // push has no fill fields, as the exchange's live push of an order not yet filled.
    const { clientOId, ...filledExample } = documented('classic.ws.orders.json').data[0] as Record<
      string,
      unknown
    >
    expect(shortfalls({ ...filledExample, clientOid: clientOId }, orders[1])).toEqual([])
    // Against a live push of a new order (not a doc example): all but `cancelReason`, a field
    // the order channel's documentation does not list.
    const live = documented('classic.ws.orders.ccxt-live.json').data[0] as Record<string, unknown>
    expect(shortfalls(live, orders[0])).toEqual(['$.cancelReason: missing'])
    expect(orders[1]).toMatchObject({
      orderId: data.orderId,
      clientOid: 'peer-ws-v2-1',
      instId: 'BTCUSDT',
      accBaseVolume: '0.01',
      priceAvg: '63000',
    })
    expect(updatesOf('fill')[0]?.data?.[0]).toMatchObject({
      orderId: data.orderId,
      symbol: 'BTCUSDT',
      baseVolume: '0.01',
      price: '63000',
    })
    const position = updatesOf('positions').at(-1)?.data?.[0]
    expect(position).toMatchObject({ instId: 'BTCUSDT', holdSide: expect.any(String) })
    expect(exceptions).toEqual([])
  })
})
