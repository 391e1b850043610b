// The market stream against a server (a small `ws` server on 127.0.0.1 that this file starts and
// stops, `subscriptionServer`) that answers and pushes a subscription with its texts in another
// case than sent, as an upstream has (BitgetLimited/v3-bitget-api-sdk#53: `SP` sent, `sp`
// answered). Time runs on manual timers: nothing reconnects or times out unless a test moves it.
// The first two failed before the fix: the push was looked up by its exact text and dropped.
import { eventually, manualTimers } from '@tradeline/fuzz/timers'
import { afterEach, describe, expect, test } from 'vitest'
import type { StreamEvent } from '../stream/types.js'
import {
  closeSubscriptionServers,
  type Send,
  subscriptionServer,
} from '../test/subscriptionServer.js'
import { createMarketStream } from './createMarketStream.js'
import type { MarketLine, MarketStream } from './marketTypes.js'
import type { MarketTicker } from './records.js'

const opened: MarketStream[] = []
afterEach(async () => {
  for (const market of opened.splice(0)) await market.close()
  await closeSubscriptionServers()
})

/** The classic public channels of one product type, as its package writes them. */
const line: MarketLine = {
  name: 'test.marketStream',
  bookChannels: { books: undefined, books5: 5 },
  defaultBookChannel: 'books',
  intervals: ['1m'],
  sequenced: false,
  arg(kind, symbol, detail) {
    const channel = kind === 'ticker' ? 'ticker' : kind === 'trades' ? 'trade' : detail
    return { instType: 'USDT-FUTURES', channel, instId: symbol }
  },
}

/** A market stream of `url` on manual timers, recording its connection events. */
function open(url: string) {
  const time = manualTimers(Date.now())
  const market = createMarketStream({
    url,
    line,
    timers: { now: time.clock.now, ...time.timers },
    random: () => 0.5,
  })
  opened.push(market)
  const events: StreamEvent[] = []
  market.on('connection', (event) => events.push(event))
  return { market, events }
}

type Arg = Record<string, unknown>
const tickerPush = (arg: Arg, lastPr: string) =>
  JSON.stringify({
    action: 'snapshot',
    arg,
    data: [{ instId: String(arg.instId), lastPr, ts: '1700000000000' }],
    ts: 1700000000000,
  })
/** Every text of `arg` through `spell`. */
const spelled = (arg: Arg, spell: (text: string) => string) =>
  Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, typeof v === 'string' ? spell(v) : v]))
const lower = (text: string) => text.toLowerCase()

describe('createMarketStream: pushes whose arg is written in another case than sent', () => {
  test('a ticker answered and pushed with instType in lower case (usdt-futures for USDT-FUTURES) reaches its reader', async () => {
    const url = await subscriptionServer({
      answer: (arg) => ({ ...arg, instType: lower(String(arg.instType)) }),
      each: (send, arg: Arg) =>
        send(tickerPush({ ...arg, instType: lower(String(arg.instType)) }, '65000.5')),
    })
    const { market, events } = open(url)
    const seen: MarketTicker[] = []
    market.watchTicker('BTCUSDT', (ticker) => seen.push(ticker))
    // Before the fix: acknowledged, and every push dropped.
    await eventually(() => seen.length === 1, 'the ticker')
    expect(seen[0]).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '65000.5' })
    expect(events.filter((e) => e.type === 'error' || e.type === 'down')).toEqual([])
  })

  test('every text in lower case (instId too), a field added: reaches the reader of the iterator', async () => {
    const url = await subscriptionServer({
      each: (send, arg: Arg) => send(tickerPush({ ...spelled(arg, lower), extra: 'x' }, '3000.25')),
    })
    const { market } = open(url)
    const reader = market.tickers('ETHUSDT')
    const first = await reader.next()
    expect(first.value).toMatchObject({ symbol: 'ethusdt', lastPrice: '3000.25' })
    await reader.return?.()
  })

  test('decision: two subscriptions that differ only in case each get the pushes written as they were sent; a push that names both alike (a third case) and one naming none go to nobody, untold', async () => {
    let sendTo: Send | undefined
    let subscribed = 0
    const url = await subscriptionServer({
      each: (send) => {
        sendTo = send
        subscribed++
      },
    })
    const { market, events } = open(url)
    const seen: string[] = []
    market.watchTicker('btcusdt', (t) => seen.push(`lower ${t.lastPrice}`))
    market.watchTicker('BTCUSDT', (t) => seen.push(`upper ${t.lastPrice}`))
    await market.ready()
    await eventually(() => subscribed === 2, 'both subscriptions at the server')
    const ticker = line.arg('ticker', 'BTCUSDT', 'ticker')
    // In the order the server sends them: the two that go to nobody come first.
    sendTo?.(tickerPush({ ...ticker, instId: 'BtcUsdt' }, '1'))
    // instId as one was sent, instType not: it names both alike.
    sendTo?.(tickerPush({ ...spelled(ticker, lower), instId: 'BTCUSDT' }, '2'))
    sendTo?.(tickerPush({ ...ticker, instId: 'ETHUSDT' }, '3'))
    sendTo?.(tickerPush({ ...ticker, instId: 'btcusdt' }, '4'))
    sendTo?.(tickerPush(ticker, '5'))
    await eventually(() => seen.length === 2, 'the pushes of each')
    expect(seen).toEqual(['lower 4', 'upper 5'])
    expect(events.filter((e) => e.type === 'error')).toEqual([])
  })

  test('what a push written otherwise was found to name is forgotten when the subscriptions change: a subscription taken again, or one added after such a push named none, gets its pushes', async () => {
    let sendTo: Send | undefined
    const url = await subscriptionServer({
      each: (send, arg: Arg) => {
        sendTo = send
        send(tickerPush(spelled(arg, lower), '1'))
      },
    })
    const { market } = open(url)
    const seen: string[] = []
    const stop = market.watchTicker('BTCUSDT', (t) => seen.push(`btc ${t.lastPrice}`))
    await eventually(() => seen.length === 1, 'the first push')
    // Of no subscription yet: goes to nobody.
    sendTo?.(tickerPush(spelled(line.arg('ticker', 'ETHUSDT', 'ticker'), lower), '0'))
    stop()
    market.watchTicker('BTCUSDT', (t) => seen.push(`btc again ${t.lastPrice}`))
    await eventually(() => seen.length === 2, 'the push of the subscription taken again')
    market.watchTicker('ETHUSDT', (t) => seen.push(`eth ${t.lastPrice}`))
    await eventually(() => seen.length === 3, 'the push of the one added')
    expect(seen).toEqual(['btc 1', 'btc again 1', 'eth 1'])
  })
})

describe('createMarketStream: a subscription refused when asked (a review of the private streams alike)', () => {
  test('its listener is told once and leaves; a later reader of the channel subscribes again and reads', async () => {
    let asked = 0
    const url = await subscriptionServer({
      answer: (arg) => (++asked === 1 ? undefined : arg),
      each: (send, arg: Arg) => {
        if (asked === 1)
          send(JSON.stringify({ event: 'error', code: 30001, msg: 'not listed yet', arg }))
        else send(tickerPush(arg, '65000.5'))
      },
    })
    const { market, events } = open(url)
    const first: MarketTicker[] = []
    market.watchTicker('NEWUSDT', (ticker) => first.push(ticker))
    await eventually(() => events.some((e) => e.type === 'error'), 'the refusal told')
    // Before the fix the listener stayed: the reader below never asked again and waited for ever.
    const reader = market.tickers('NEWUSDT')
    const next = await reader.next()
    expect(next.value).toMatchObject({ symbol: 'NEWUSDT', lastPrice: '65000.5' })
    await reader.return?.()
    expect(first).toEqual([])
    expect(asked).toBe(2)
    // Told once (before the fix twice: by the refusal and by the rejected subscribe).
    const told = events.flatMap((e) => (e.type === 'error' ? [(e.error as Error).name] : []))
    expect(told).toEqual(['StreamSubscribeError'])
  })
})
