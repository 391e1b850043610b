/**
 * ccxt pro's `bitget` against the sandbox's WebSockets: the classic public path
 * (`/v2/ws/public`, `channel` + `instId`), the unified one (`/v3/ws/public`, `topic` + `symbol`,
 * ccxt's `uta` option) and both private paths (`/v2/ws/private`, `/v3/ws/private`). ccxt reads
 * every push with its own parsers and verifies each incremental book update against the push's
 * checksum itself, so a book it builds equal to the sandbox's proves the snapshot, the updates
 * and the checksums right; its error classes prove the codes the sandbox answers. */
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { RestClientV2 } from 'bitget-api'
import ccxt from 'ccxt'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let sandbox: RunningSandbox
type Bitget = InstanceType<typeof ccxt.pro.bitget>
/** ccxt in its default (classic) mode: `/v2/ws/public` and `/v2/ws/private`. */
let classic: Bitget
/** ccxt with `options.uta`: `/v3/ws/public` and the unified REST endpoints. */
let unified: Bitget
let rest: RestClientV2
const acks: Record<'classic' | 'unified', Record<string, string>[]> = { classic: [], unified: [] }
const unsubscribeAcks: Record<string, string>[] = []

/** Every URL of ccxt's, REST or WebSocket, classic or unified, goes to the sandbox. */
const pointAtSandbox = (exchange: Bitget) => {
  const api = exchange.urls.api as Record<string, unknown>
  for (const group of Object.keys(api)) if (typeof api[group] === 'string') api[group] = sandbox.url
  api.ws = {
    public: `${sandbox.wsUrl}/v2/ws/public`,
    private: `${sandbox.wsUrl}/v2/ws/private`,
    utaPublic: `${sandbox.wsUrl}/v3/ws/public`,
    utaPrivate: `${sandbox.wsUrl}/v3/ws/private`,
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
  const { apiKey, secret, passphrase } = sandbox.credentials
  unified = new ccxt.pro.bitget({ apiKey, secret, password: passphrase, options: { uta: true } })
  // An account is unified or classic, as live: the classic exchange signs with a classic key.
  const key = sandbox.admin.addKey({ accountMode: 'classic' })
  classic = new ccxt.pro.bitget({
    apiKey: key.apiKey,
    secret: key.secret,
    password: key.passphrase,
  })
  for (const exchange of [unified, classic]) {
    pointAtSandbox(exchange)
    // ccxt opens a plain ws:// URL only through an http agent of its own.
    await exchange.loadHttpProxyAgent()
  }
  // The markets are read once, through the unified instruments (as ccxt.test.ts does); the
  // classic instance takes the same markets (ids and symbols are the same on both lines).
  classic.setMarkets(await unified.loadMarkets())
  for (const [line, exchange] of [
    ['classic', classic],
    ['unified', unified],
  ] as const) {
    // The subscription acknowledgements ccxt receives (it reads and drops them), to act only
    // once the sandbox holds a subscription.
    const handle = exchange.handleSubscriptionStatus.bind(exchange)
    exchange.handleSubscriptionStatus = (client: unknown, message: { arg?: unknown }) => {
      acks[line].push(message.arg as Record<string, string>)
      return handle(client as never, message as never)
    }
    const unhandle = exchange.handleUnSubscriptionStatus.bind(exchange)
    exchange.handleUnSubscriptionStatus = (client: unknown, message: { arg?: unknown }) => {
      unsubscribeAcks.push(message.arg as Record<string, string>)
      return unhandle(client as never, message as never)
    }
  }
  // The v2 futures orders whose pushes the classic exchange watches: the classic key's.
  rest = new RestClientV2({
    apiKey: key.apiKey,
    apiSecret: key.secret,
    apiPass: key.passphrase,
    baseUrl: sandbox.url,
  })
})

afterAll(async () => {
  await classic?.close()
  await unified?.close()
  await sandbox?.close()
})

/** Fails a test that would otherwise hang on a push that never comes. */
const guard = <value>(promise: Promise<value>, what: string, ms = 8000): Promise<value> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)
      timer.unref()
    }),
  ])

/**
 * ccxt's book side of the incremental `books`: the pushed `[price, size]` texts, best first
 * (ccxt keeps them as each level's third element, for the checksum).
 */
const texts = (side: readonly (readonly unknown[])[]) =>
  side.map((level) => [...(level[2] as readonly [string, string])])

const sides = (book: { bids: unknown; asks: unknown }) => ({
  bids: texts(book.bids as unknown[][]),
  asks: texts(book.asks as unknown[][]),
})
const sandboxSides = (id: string, levels?: number) => {
  const { bids, asks } = sandbox.admin.ws.market.book(id)
  return { bids: bids.slice(0, levels), asks: asks.slice(0, levels) }
}
/** A snapshot channel's book as ccxt parses it (numbers), and the sandbox's cut to its depth. */
const numbers = (book: { bids: unknown; asks: unknown }) => ({
  bids: (book.bids as number[][]).map(([price, size]) => [price, size]),
  asks: (book.asks as number[][]).map(([price, size]) => [price, size]),
})
const sandboxNumbers = (id: string, levels: number) => {
  const { bids, asks } = sandboxSides(id, levels)
  const parse = (side: readonly (readonly string[])[]) =>
    side.map(([price, size]) => [Number(price), Number(size)])
  return { bids: parse(bids), asks: parse(asks) }
}
/** Waits until `check` holds (polling), failing after a generous guard. */
const waitFor = async (check: () => boolean, what: string) => {
  const end = Date.now() + 8000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
const acked = (line: 'classic' | 'unified', channel: string) =>
  waitFor(
    () => acks[line].some((arg) => (arg.channel ?? arg.topic) === channel),
    `the ${channel} acknowledgement`,
  )

/** A classic USDT-FUTURES limit buy of BTCUSDT through bitget-api, then filled by the sandbox. */
const placeAndFill = async (clientOid: string, price = '64000', size = '0.01') => {
  const { data } = await rest.futuresSubmitOrder({
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode: 'crossed',
    marginCoin: 'USDT',
    size,
    side: 'buy',
    orderType: 'limit',
    price,
    force: 'gtc',
    clientOid,
  })
  sandbox.admin.fill(data.orderId)
  return data.orderId
}

const lineOf = (line: 'classic' | 'unified') => (line === 'classic' ? classic : unified)

describe('ccxt pro bitget: watchOrderBook (books)', () => {
  test.each([
    ['classic futures (/v2/ws/public, USDT-FUTURES)', 'classic', 'BTC/USDT:USDT', 'BTCUSDT'],
    ['classic spot (/v2/ws/public, SPOT)', 'classic', 'ETH/USDT', 'ETHUSDT'],
    ['unified futures (/v3/ws/public, usdt-futures)', 'unified', 'BTC/USDT:USDT', 'BTCUSDT'],
    ['unified spot (/v3/ws/public, spot)', 'unified', 'ETH/USDT', 'ETHUSDT'],
  ] as const)(
    '%s: the book ccxt builds from the snapshot and 20 updates, each checksum verified by ccxt, equals the sandbox book',
    async (_, line, symbol, id) => {
      const exchange = lineOf(line)
      const first = await guard(exchange.watchOrderBook(symbol), 'the snapshot')
      expect(sides(first)).toEqual(sandboxSides(id))
      for (let i = 0; i < 20; i++) {
        // The watch registers before the step sends its update: each await gets that update.
        // An update whose checksum ccxt computes differently is never resolved: the guard fails.
        const next = exchange.watchOrderBook(symbol)
        sandbox.admin.ws.market.step(id)
        const book = await guard(next, `update ${i + 1}`)
        expect(sides(book)).toEqual(sandboxSides(id))
      }
      // unWatchOrderBook waits for the sandbox's unsubscribe acknowledgement echoing the arg.
      await guard(exchange.unWatchOrderBook(symbol), 'the unsubscribe acknowledgement')
    },
  )

  test.each([
    ['classic books5', 'classic', 5],
    ['classic books15', 'classic', 15],
    ['classic books1', 'classic', 1],
    ['unified books5', 'unified', 5],
    ['unified books50', 'unified', 50],
  ] as const)(
    '%s: each push is a whole book of that depth, the sandbox book cut to it',
    async (_, line, depth) => {
      const exchange = lineOf(line)
      try {
        const first = await guard(exchange.watchOrderBook('ETH/USDT', depth), 'the snapshot')
        expect(numbers(first)).toEqual(sandboxNumbers('ETHUSDT', depth))
        const next = exchange.watchOrderBook('ETH/USDT', depth)
        sandbox.admin.ws.market.step('ETHUSDT', 1)
        const book = await guard(next, 'the next snapshot')
        expect(numbers(book)).toEqual(sandboxNumbers('ETHUSDT', depth))
      } finally {
        // ccxt keys every depth of a symbol alike: the next depth subscribes only after this ack.
        await guard(
          exchange.unWatchOrderBook('ETH/USDT', { limit: depth }),
          'the unsubscribe acknowledgement',
        )
      }
    },
  )

  test.each(['classic', 'unified'] as const)(
    '%s: a wrong checksum makes ccxt reject the watch (ChecksumError) and unsubscribe; watching again resubscribes to a fresh snapshot',
    async (line) => {
      const exchange = lineOf(line)
      const symbol = 'BTC/USDT:USDT'
      await guard(exchange.watchOrderBook(symbol), 'the snapshot')
      sandbox.admin.ws.market.corruptChecksum('BTCUSDT')
      sandbox.admin.ws.market.step('BTCUSDT')
      // ccxt answers the bad update with an unsubscribe; the sandbox's acknowledgement rejects the
      // pending watch (UnsubscribeError), then ccxt raises its ChecksumError on the next watch
      // call, which also resubscribes. ccxt hands that rejected promise to every call until a push
      // of the new subscription comes, so each call below is followed by an update.
      const errors: unknown[] = []
      let book: Awaited<ReturnType<Bitget['watchOrderBook']>> | undefined
      for (let attempt = 0; attempt < 50 && book === undefined; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20))
        const next = exchange.watchOrderBook(symbol)
        if (attempt > 0) sandbox.admin.ws.market.step('BTCUSDT')
        book = await guard(next, 'the new subscription').catch((error) => {
          errors.push(error)
          return undefined
        })
      }
      expect(errors[0]).toBeInstanceOf(ccxt.UnsubscribeError)
      expect(errors.length).toBeGreaterThan(1)
      expect(errors.slice(1).every((error) => error instanceof ccxt.ChecksumError)).toBe(true)
      // The book of the new subscription (its snapshot and updates, verified) is the sandbox's.
      expect(book && sides(book)).toEqual(sandboxSides('BTCUSDT'))
      const next = exchange.watchOrderBook(symbol)
      sandbox.admin.ws.market.step('BTCUSDT')
      expect(sides(await guard(next, 'an update'))).toEqual(sandboxSides('BTCUSDT'))
      await guard(exchange.unWatchOrderBook(symbol), 'the unsubscribe acknowledgement')
    },
  )
})

describe('ccxt pro bitget: watchTicker, watchTrades, watchOHLCV', () => {
  test.each(['classic', 'unified'] as const)(
    '%s: watchTicker parses the snapshot on subscribing and the update of a new price',
    async (line) => {
      const exchange = lineOf(line)
      sandbox.admin.setPrice('BTCUSDT', '65000')
      const first = await guard(exchange.watchTicker('BTC/USDT:USDT'), 'the ticker snapshot')
      expect(first).toMatchObject({ symbol: 'BTC/USDT:USDT', last: 65000, close: 65000 })
      expect(first.timestamp).toBeGreaterThan(0)
      const next = exchange.watchTicker('BTC/USDT:USDT')
      sandbox.admin.setPrice('BTCUSDT', '65010.5')
      expect(await guard(next, 'the ticker update')).toMatchObject({
        symbol: 'BTC/USDT:USDT',
        last: 65010.5,
      })
      await guard(exchange.unWatchTicker('BTC/USDT:USDT'), 'the unsubscribe acknowledgement')
    },
  )

  test.each([
    ['classic', 'trade'],
    ['unified', 'publicTrade'],
  ] as const)(
    '%s: watchTrades (%s) parses the public trade of a fill: id, price, amount, side, time',
    async (line, channel) => {
      const exchange = lineOf(line)
      const trades = exchange.watchTrades('BTC/USDT:USDT')
      await acked(line, channel)
      await placeAndFill(`ccxt-trade-${line}`, '64000.5', '0.02')
      const [trade] = await guard(trades, 'the trade push')
      const [fill] = sandbox.admin
        .state()
        .fills.filter((f) => f.price === '64000.5' && f.qty === '0.02')
        .slice(-1)
      expect(trade).toMatchObject({
        symbol: 'BTC/USDT:USDT',
        id: fill?.execId,
        amount: 0.02,
        side: 'buy',
        timestamp: fill?.ts,
      })
      if (line === 'classic') expect(trade?.price).toBe(64000.5)
      else {
        // The unified push has the documented short names {i, L, p, v, S, T}
        // (fixtures/exchange/ws.uta.public-trade.json; ccxt's own comment quotes one). ccxt
        // 4.5.84 reads the price from `P`, not `p`, so it has none, against the exchange too.
        expect(trade?.info).toMatchObject({ p: '64000.5', v: '0.02', S: 'buy' })
        expect(trade?.price).toBeUndefined()
      }
      await guard(exchange.unWatchTrades('BTC/USDT:USDT'), 'the unsubscribe acknowledgement')
    },
  )

  test.each(['classic', 'unified'] as const)(
    '%s: watchOHLCV (1m) parses the current candle on subscribing and its update on a new price',
    async (line) => {
      const exchange = lineOf(line)
      sandbox.admin.setPrice('BTCUSDT', '65000')
      const first = await guard(exchange.watchOHLCV('BTC/USDT:USDT', '1m'), 'the candle snapshot')
      const [start, open, high, low, close] = first.at(-1) ?? []
      expect(start! % 60_000).toBe(0)
      expect(close).toBe(65000)
      const next = exchange.watchOHLCV('BTC/USDT:USDT', '1m')
      sandbox.admin.setPrice('BTCUSDT', '70000')
      const candle = (await guard(next, 'the candle update')).at(-1)
      expect(candle?.[0]).toBe(start)
      expect(candle?.[1]).toBe(open)
      expect(candle?.[2]).toBe(Math.max(Number(high), 70000))
      expect(candle?.[3]).toBe(low)
      expect(candle?.[4]).toBe(70000)
      if (line === 'classic')
        await guard(exchange.unWatchOHLCV('BTC/USDT:USDT', '1m'), 'the unsubscribe acknowledgement')
      else {
        // ccxt 4.5.84's unWatchOHLCV with `uta` waits on 'unsubscribe:klineBTC/USDT:USDT:…' while
        // its handler resolves 'unsubscribe:kline:…': it never settles. The sandbox's
        // acknowledgement, echoing the arg with its interval, is checked as ccxt receives it.
        void exchange.unWatchOHLCV('BTC/USDT:USDT', '1m').catch(() => {})
        await waitFor(
          () => unsubscribeAcks.some((arg) => arg.topic === 'kline'),
          'the kline unsubscribe acknowledgement',
        )
        expect(unsubscribeAcks.find((arg) => arg.topic === 'kline')).toEqual({
          instType: 'usdt-futures',
          topic: 'kline',
          symbol: 'BTCUSDT',
          interval: '1m',
        })
      }
    },
  )
})

describe('ccxt pro bitget: watchOrders on /v2/ws/private (orders)', () => {
  test('logs in, subscribes USDT-FUTURES orders, and parses an order placed then filled: open, then closed', async () => {
    const first = classic.watchOrders('BTC/USDT:USDT')
    await acked('classic', 'orders')
    expect(acks.classic.find((arg) => arg.channel === 'orders')).toEqual({
      instType: 'USDT-FUTURES',
      channel: 'orders',
      instId: 'default',
    })
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
      clientOid: 'ccxt-orders-1',
    })
    const [open] = await guard(first, 'the order push')
    expect(open).toMatchObject({
      id: data.orderId,
      clientOrderId: 'ccxt-orders-1',
      symbol: 'BTC/USDT:USDT',
      type: 'limit',
      side: 'buy',
      status: 'open',
      price: 63000,
      amount: 0.01,
    })
    const next = classic.watchOrders('BTC/USDT:USDT')
    sandbox.admin.fill(data.orderId)
    const orders = await guard(next, 'the fill push')
    expect(orders.at(-1)).toMatchObject({
      id: data.orderId,
      status: 'closed',
      filled: 0.01,
      remaining: 0,
      average: 63000,
    })
  })
})

describe('ccxt pro bitget: watchMyTrades, watchPositions, watchBalance on /v2/ws/private', () => {
  test('fill, positions and account: the snapshots on subscribing and the pushes of an order filled parse into ccxt trades, positions and balances', async () => {
    const symbol = 'BTC/USDT:USDT'
    // positions and account answer their subscription with a snapshot.
    const [, balance] = await Promise.all([
      guard(classic.watchPositions([symbol]), 'the positions snapshot'),
      guard(classic.watchBalance({ type: 'swap' }), 'the account snapshot'),
    ])
    expect(acks.classic.find((arg) => arg.channel === 'account')).toEqual({
      instType: 'USDT-FUTURES',
      channel: 'account',
      coin: 'default',
    })
    const usdt = balance.USDT as { free?: number; total?: number } | undefined
    expect(usdt?.total).toBeGreaterThan(0)
    expect(usdt?.free).toBeLessThanOrEqual(usdt?.total ?? 0)
    const trades = classic.watchMyTrades(symbol)
    await acked('classic', 'fill')
    // The sandbox pushes the open positions when an order is placed and again when it fills.
    const placed = classic.watchPositions([symbol])
    const { data: order } = await rest.futuresSubmitOrder({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      size: '0.01',
      side: 'buy',
      orderType: 'limit',
      price: '62000',
      force: 'gtc',
    })
    await guard(placed, 'the positions push of the placed order')
    const positions = classic.watchPositions([symbol])
    sandbox.admin.fill(order.orderId)
    const orderId = order.orderId
    const [trade] = await guard(trades, 'the fill push')
    expect(trade).toMatchObject({
      order: orderId,
      symbol,
      side: 'buy',
      price: 62000,
      amount: 0.01,
    })
    const [position] = await guard(positions, 'the positions push')
    const { data } = await rest.getFuturesPositions({
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
    })
    const long = data.find((p) => p.symbol === 'BTCUSDT' && p.holdSide === 'long')
    expect(position).toMatchObject({
      symbol,
      side: 'long',
      contracts: Number(long?.total),
      entryPrice: Number(long?.openPriceAvg),
    })
  })
})

describe('ccxt pro bitget: watchOrders and watchMyTrades on /v3/ws/private (uta)', () => {
  test('logs in and parses the order and fill pushes of a spot order placed and filled', async () => {
    const orders = unified.watchOrders()
    const trades = unified.watchMyTrades()
    await acked('unified', 'order')
    await acked('unified', 'fill')
    const placed = await unified.createOrder('ETH/USDT', 'limit', 'buy', 0.01, 3000)
    const [open] = await guard(orders, 'the order push')
    expect(open).toMatchObject({ id: placed.id, symbol: 'ETH/USDT', status: 'open', price: 3000 })
    const filled = unified.watchOrders()
    sandbox.admin.fill(String(placed.id))
    const [trade] = await guard(trades, 'the fill push')
    expect(trade).toMatchObject({ order: placed.id, symbol: 'ETH/USDT', price: 3000, amount: 0.01 })
    expect((await guard(filled, 'the filled order push')).at(-1)).toMatchObject({
      id: placed.id,
      status: 'closed',
      filled: 0.01,
    })
  })
})

describe('ccxt pro bitget: the sandbox error codes as ccxt maps them', () => {
  test.each([
    ['classic', '/v2/ws/private'],
    ['unified', '/v3/ws/private'],
  ] as const)(
    '%s (%s): a login signed with a wrong secret answers 30015, which ccxt raises as AuthenticationError',
    async (line, _path) => {
      const { apiKey, passphrase } = sandbox.credentials
      const wrong = new ccxt.pro.bitget({
        apiKey,
        secret: 'not-the-secret',
        password: passphrase,
        options: { uta: line === 'unified' },
      })
      try {
        pointAtSandbox(wrong)
        await wrong.loadHttpProxyAgent()
        wrong.setMarkets(unified.markets)
        const error = await guard(wrong.watchOrders(), 'the login answer').catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ccxt.AuthenticationError)
        expect(String(error)).toContain('"code":30015')
      } finally {
        await wrong.close()
      }
    },
  )

  test.each(['classic', 'unified'] as const)(
    '%s: a subscription of an instrument under another instType answers 30001, which ccxt raises as BadRequest',
    async (line) => {
      const other = new ccxt.pro.bitget({ options: { uta: line === 'unified' } })
      try {
        pointAtSandbox(other)
        await other.loadHttpProxyAgent()
        other.setMarkets(unified.markets)
        // BTCUSDT is a USDT-FUTURES instrument: as COIN-FUTURES it does not exist.
        const instType = line === 'unified' ? 'coin-futures' : 'COIN-FUTURES'
        const error = await guard(
          other.watchTicker('BTC/USDT:USDT', { instType }),
          'the error answer',
        ).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ccxt.BadRequest)
        expect(String(error)).toContain('"code":30001')
      } finally {
        await other.close()
      }
    },
  )
})
