// The connection against a server (a small `ws` server on 127.0.0.1 that this file starts and
// stops, `subscriptionServer`) that closes it with a code and a reason, and that answers a
// subscribe with an arg written otherwise than it was sent. Time runs on manual timers: nothing
// reconnects or times out unless a test moves it. Each failed before its fix: the close was a
// bare `down`, a differently written answer answered nothing, and an unanswered subscription
// showed as a reconnect only.
import { eventually, manualTimers } from '@tradeline/fuzz/timers'
import { afterEach, describe, expect, test } from 'vitest'
import { closeSubscriptionServers, subscriptionServer } from '../test/subscriptionServer.js'
import { createStreamConnection } from './createStreamConnection.js'
import { StreamSubscribeError, StreamSubscribeTimeoutError } from './errors.js'
import { closeOf } from './socket.js'
import type { StreamEvent } from './types.js'

const connections: ReturnType<typeof createStreamConnection>[] = []
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close()
  await closeSubscriptionServers()
})

/** A connection to `url` on manual timers, recording its events (closed after the test). */
function open(url: string, options: Partial<createStreamConnection.Parameters> = {}) {
  const time = manualTimers()
  const events: StreamEvent[] = []
  const connection = createStreamConnection({
    url,
    timers: { now: time.clock.now, ...time.timers },
    onPush: () => {},
    onEvent: (event) => events.push(event),
    ...options,
  })
  connections.push(connection)
  return { connection, events, time }
}

const downs = (events: StreamEvent[]) => events.filter((e) => e.type === 'down')
const ticker = (symbol: string) => ({ instType: 'SPOT', channel: 'ticker', instId: symbol })

describe('a server that closes the connection', () => {
  test('past the message budget (30006, then 1008): the down event carries the code and the reason', async () => {
    const url = await subscriptionServer({
      after: (send, _connection, close) => {
        send(JSON.stringify({ event: 'error', code: 30006, msg: 'request too many' }))
        close(1008, 'request too many')
      },
    })
    const { connection, events } = open(url)
    await connection.subscribe(ticker('BTCUSDT'))
    await eventually(() => downs(events).length === 1, 'the drop')
    expect(downs(events)[0]).toMatchObject({
      reason: 'closed',
      close: { code: 1008, reason: 'request too many' },
    })
  })

  test('with an application code (4xxx) and a reason quoting the login: the reason comes redacted, its line breaks replaced', async () => {
    let sign = ''
    const login = {
      apiKey: 'bg_closekey0123456789',
      passphrase: 'close-passphrase-77',
      timestamp: '1700000000',
      sign: 'c2lnbmF0dXJlLW9mLXRoZS1jbG9zZS10ZXN0PQ==',
    }
    const url = await subscriptionServer({
      login: (arg) => {
        sign = String(arg.sign)
      },
      after: (_send, _connection, close) =>
        close(4001, `bad login\n${sign} ${login.passphrase}`.slice(0, 120)),
    })
    const { connection, events } = open(url, { login: async () => login })
    await connection.subscribe(ticker('BTCUSDT'))
    await eventually(() => downs(events).length === 1, 'the drop')
    const close = downs(events)[0]?.type === 'down' ? downs(events)[0]?.close : undefined
    expect(close?.code).toBe(4001)
    expect(close?.reason.startsWith('bad login ')).toBe(true)
    expect(close?.reason).not.toContain(login.sign)
    expect(close?.reason).not.toContain(login.passphrase)
    expect(close?.reason).not.toContain('\n')
  })

  test('with a server error (1011), then without a close frame (1006): each drop tells its code', async () => {
    const url = await subscriptionServer({
      after: (_send, connection, close) =>
        connection === 1 ? close(1011, 'internal error') : close(),
    })
    const { connection, events, time } = open(url, { backoff: { initialMs: 10, maxMs: 10 } })
    await connection.subscribe(ticker('BTCUSDT'))
    await eventually(() => downs(events).length === 1, 'the first drop')
    time.advance(10)
    await eventually(() => downs(events).length === 2, 'the second drop')
    expect(downs(events).map((e) => (e.type === 'down' ? e.close : undefined))).toEqual([
      { code: 1011, reason: 'internal error' },
      { code: 1006, reason: '' },
    ])
  })

  test('a drop the client makes itself (reconnect()) carries no close', async () => {
    const url = await subscriptionServer({})
    const { connection, events } = open(url)
    await connection.subscribe(ticker('BTCUSDT'))
    connection.reconnect()
    expect(downs(events)).toEqual([
      { type: 'down', reason: 'closed', retryInMs: expect.any(Number) },
    ])
  })

  test('closeOf: a reason longer than the protocol allows (a WebSocket other than ws) is cut to 123 characters; a code out of range tells no close', () => {
    const same = (text: string) => text
    expect(closeOf({ code: 4000, reason: 'word '.repeat(100) }, same)?.reason).toHaveLength(123)
    // Redacted before it is cut: a secret across the cut is not left in part.
    const secret = 'S3cret-passphrase'
    const redact = (text: string) => text.replaceAll(secret, '[redacted]')
    const cut = closeOf({ code: 4000, reason: `${'y '.repeat(55)}${secret}` }, redact)
    expect(cut?.reason).toBe(`${'y '.repeat(55)}[redacted]`)
    // A signature `redact` does not know (an earlier login's), in any spelling: replaced whole.
    const sign = 'gzX0rvRf0oy1H5NwTIG8vnn2/Ra8+pOkFAD0U330lLQ='
    for (const spelled of [sign, encodeURIComponent(sign), Buffer.from(sign).toString('hex')])
      expect(closeOf({ code: 4000, reason: `bad sign ${spelled}` }, same)?.reason).toBe(
        'bad sign [redacted]',
      )
    expect(closeOf({ code: 70000, reason: 'no' }, same)).toBeUndefined()
    expect(closeOf({ reason: 'no' }, same)).toBeUndefined()
    expect(closeOf({ code: 1006 }, same)).toEqual({ code: 1006, reason: '' })
  })
})

describe('a subscribe answered with its arg written otherwise', () => {
  test('instType and instId in another case, and a field added: the subscription is acknowledged at once', async () => {
    const url = await subscriptionServer({
      answer: (arg) => ({
        instType: String(arg.instType).toLowerCase(),
        channel: arg.channel,
        instId: String(arg.instId).toLowerCase(),
        extra: 'added',
      }),
    })
    const { connection } = open(url)
    let acknowledged = false
    const subscribed = connection.subscribe(ticker('BTCUSDT')).then(() => {
      acknowledged = true
    })
    // No timer moves: before the fix it waited for its deadline (and then reconnected).
    await eventually(() => acknowledged, 'the acknowledgement')
    await subscribed
    expect(connection.state).toBe('ready')
  })

  test('a field omitted: each answer acknowledges the first subscription of that channel still unanswered', async () => {
    const url = await subscriptionServer({
      answer: (arg) => ({ instType: arg.instType, channel: arg.channel }),
    })
    const { connection } = open(url)
    const acknowledged: string[] = []
    const both = ['BTCUSDT', 'ETHUSDT'].map((symbol) =>
      connection.subscribe(ticker(symbol)).then(() => acknowledged.push(symbol)),
    )
    await eventually(() => acknowledged.length === 2, 'both acknowledgements')
    await Promise.all(both)
    expect(acknowledged).toEqual(['BTCUSDT', 'ETHUSDT'])
  })

  test('a refusal with its arg in another case rejects the subscription at once', async () => {
    const url = await subscriptionServer({
      answer: () => undefined,
      each: (send, subscribed) => {
        const upper = Object.fromEntries(
          Object.entries(subscribed).map(([k, v]) => [k, String(v).toUpperCase()]),
        )
        send(JSON.stringify({ event: 'error', arg: upper, code: 30001, msg: 'channel not exist' }))
      },
    })
    const { connection } = open(url)
    let refusal: unknown
    connection
      .subscribe({ instType: 'spot', channel: 'nope', instId: 'btcusdt' })
      .catch((error) => {
        refusal = error
      })
    // No timer moves: before the fix it waited for its deadline (and then reconnected).
    await eventually(() => refusal !== undefined, 'the refusal')
    expect(StreamSubscribeError.isInstance(refusal)).toBe(true)
    expect((refusal as StreamSubscribeError).arg).toEqual({
      instType: 'spot',
      channel: 'nope',
      instId: 'btcusdt',
    })
  })

  test('an answer naming another channel answers nothing: at the deadline an error event names the subscription, then the drop', async () => {
    let asked = 0
    const url = await subscriptionServer({
      answer: (arg) => {
        asked++
        return { ...arg, channel: 'trade' }
      },
    })
    const { connection, events, time } = open(url, { answerTimeoutMs: 5_000 })
    connection.subscribe(ticker('BTCUSDT')).catch(() => {})
    await eventually(() => asked === 1, 'the subscribe at the server')
    // The answer came and matched nothing: the deadline is still armed.
    await new Promise((resolve) => setTimeout(resolve, 20))
    time.advance(5_000)
    await eventually(() => downs(events).length === 1, 'the drop')
    const errors = events.flatMap((e) => (e.type === 'error' ? [e.error] : []))
    expect(errors).toHaveLength(1)
    const error = errors[0] as StreamSubscribeTimeoutError
    expect(StreamSubscribeTimeoutError.isInstance(error)).toBe(true)
    expect(error.args).toEqual([ticker('BTCUSDT')])
    expect(error.timeoutMs).toBe(5_000)
    expect(error.shortMessage).toContain('"instId":"BTCUSDT"')
    // Told before the drop.
    expect(events.findIndex((e) => e.type === 'error')).toBeLessThan(
      events.findIndex((e) => e.type === 'down'),
    )
  })
})
