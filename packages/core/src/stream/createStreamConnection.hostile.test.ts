// The connection against servers that misbehave, each a small `ws` server on 127.0.0.1 that
// this file starts and stops: a subscription never answered, a subscription held at its gate, a
// server that acknowledges and closes at once, a login refused with a login answer, and pongs
// slower than the ping interval, a message over `maxMessageBytes`, more channels than the
// subscription budget lets through at once, an unsubscribe while a subscription is unanswered.
// Each failed before its fix.
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { WebSocket as UndiciWebSocket } from 'undici'
import { afterEach, describe, expect, test } from 'vitest'
import { WebSocketServer, WebSocket as Ws, type WebSocket as WsSocket } from 'ws'
import { createStreamConnection } from './createStreamConnection.js'
import {
  StreamLoginError,
  StreamMessageTooLargeError,
  StreamSubscriptionsWaitingError,
} from './errors.js'
import { channelsPerConnection } from './settings.js'
import type { WebSocketConstructor } from './socket.js'
import type { StreamEvent, StreamGate, StreamPush } from './types.js'

type Behaviour = (socket: WsSocket, text: string, connection: number) => void

const servers: WebSocketServer[] = []
const connections: ReturnType<typeof createStreamConnection>[] = []
afterEach(async () => {
  for (const connection of connections.splice(0)) await connection.close()
  for (const server of servers.splice(0)) {
    for (const client of server.clients) client.terminate()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A server answering each text with `behaviour`; resolves to its URL. */
async function serve(behaviour: Behaviour): Promise<string> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  let count = 0
  server.on('connection', (socket) => {
    const connection = ++count
    socket.on('message', (data) => behaviour(socket, String(data), connection))
  })
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Answers every subscribe of `args`, as the exchange does, one answer per arg. */
const acknowledge = (socket: WsSocket, text: string) => {
  const message = JSON.parse(text) as { op: string; args: unknown[] }
  for (const arg of message.args) socket.send(JSON.stringify({ event: 'subscribe', arg }))
}

const waitFor = async (check: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

const ticker = (symbol: string) => ({ instType: 'spot', topic: 'ticker', symbol })

/** A connection to `url` recording its events (closed after the test). */
function open(url: string, options: Partial<Parameters<typeof createStreamConnection>[0]> = {}) {
  const events: StreamEvent[] = []
  const connection = createStreamConnection({
    url,
    onPush: () => {},
    onEvent: (event) => events.push(event),
    ...options,
  })
  connections.push(connection)
  return { connection, events }
}

describe('createStreamConnection against a hostile server', () => {
  test("a server that never ends the handshake: closing the connection, or its answer deadline dropping it, leaves the ws package's socket without an uncaught error", async () => {
    // A TCP server that accepts and never answers the upgrade.
    const sockets: Socket[] = []
    const tcp = createServer((socket) => {
      sockets.push(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))
    const url = `ws://127.0.0.1:${(tcp.address() as AddressInfo).port}`
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.prependListener('uncaughtException', onUncaught)
    try {
      // Dropped by its answer deadline while the handshake hangs, then closed while connecting.
      const { connection, events } = open(url, {
        answerTimeoutMs: 200,
        backoff: { initialMs: 10, maxMs: 20 },
      })
      connection.subscribe(ticker('BTCUSDT')).catch(() => {})
      await waitFor(() => events.filter((e) => e.type === 'down').length >= 1, 'a drop')
      await waitFor(() => sockets.length >= 2, 'the next connection')
      await connection.close()
      // The ws package emits its error on the next turns.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(uncaught).toEqual([])
    } finally {
      process.removeListener('uncaughtException', onUncaught)
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => tcp.close(resolve))
    }
  })

  test('a subscription sent while ready that is never answered: the connection is dropped after answerTimeoutMs and the subscription answered on the next one', async () => {
    const url = await serve((socket, text, connection) => {
      if (text === 'ping') return socket.send('pong')
      const { args } = JSON.parse(text) as { args: { symbol: string }[] }
      // The first connection never answers ETHUSDT.
      if (connection === 1 && args.some((arg) => arg.symbol === 'ETHUSDT')) return
      acknowledge(socket, text)
    })
    const { connection, events } = open(url, {
      answerTimeoutMs: 1_500,
      backoff: { initialMs: 10, maxMs: 20 },
    })
    await connection.subscribe(ticker('BTCUSDT'))
    await connection.ready()
    // Before the fix this promise never settled: no deadline for a subscribe sent while ready.
    await connection.subscribe(ticker('ETHUSDT'))
    const reasons = events.flatMap((e) => (e.type === 'down' ? [e.reason] : []))
    expect(reasons.length).toBeGreaterThanOrEqual(1)
    expect(new Set(reasons)).toEqual(new Set(['closed']))
  })

  test('a login and a subscribe each answered within answerTimeoutMs of being sent, longer together: ready, no drop', async () => {
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const message = JSON.parse(text) as { op: string }
      if (message.op === 'login')
        setTimeout(() => socket.send(JSON.stringify({ event: 'login', code: 0 })), 700)
      else setTimeout(() => acknowledge(socket, text), 700)
    })
    const { connection, events } = open(url, {
      login: async () => ({ apiKey: 'k', passphrase: 'p', timestamp: '1', sign: 's' }),
      answerTimeoutMs: 1_200,
    })
    await connection.subscribe(ticker('BTCUSDT'))
    await connection.ready()
    expect(events.filter((e) => e.type === 'down')).toEqual([])
  })

  test('pings are not held behind a subscription waiting at its gate: the connection stays up', async () => {
    let pings = 0
    const url = await serve((socket, text) => {
      if (text === 'ping') {
        pings++
        return socket.send('pong')
      }
      acknowledge(socket, text)
    })
    let subscribes = 0
    const { connection, events } = open(url, {
      pingIntervalMs: 50,
      pongTimeoutMs: 1_000,
      // The second subscribe waits at its gate for good (a per-hour budget used up).
      gate: (kind) =>
        kind === 'subscribe' && ++subscribes > 1 ? new Promise(() => {}) : Promise.resolve(),
    })
    await connection.subscribe(ticker('BTCUSDT'))
    void connection.subscribe(ticker('ETHUSDT')).catch(() => {})
    const from = pings
    // Before the fix no ping passed the held subscribe, and the pong deadline dropped the connection.
    await waitFor(() => pings >= from + 5, 'five pings after the held subscribe')
    expect(events.filter((e) => e.type === 'down')).toEqual([])
  })

  test('an error naming a subscription still held at its gate (never sent) refuses nothing: it is told, and the subscription is acknowledged once the gate lets it through', async () => {
    let server: WsSocket | undefined
    const url = await serve((socket, text) => {
      server = socket
      if (text === 'ping') return socket.send('pong')
      acknowledge(socket, text)
    })
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let subscribes = 0
    const { connection, events } = open(url, {
      // The second subscribe waits at its gate until released (a per-hour budget used up).
      gate: (kind) => (kind === 'subscribe' && ++subscribes === 2 ? held : Promise.resolve()),
    })
    await connection.subscribe(ticker('BTCUSDT'))
    let outcome = 'waiting'
    const eth = connection.subscribe(ticker('ETHUSDT')).then(
      () => {
        outcome = 'acknowledged'
      },
      (error: unknown) => {
        outcome = `refused: ${(error as Error).name}`
      },
    )
    await waitFor(() => subscribes === 2, 'the second subscribe at its gate')
    server?.send(
      JSON.stringify({ event: 'error', arg: ticker('ETHUSDT'), code: 30001, msg: 'no channel' }),
    )
    await waitFor(
      () => events.some((e) => e.type === 'error') || outcome !== 'waiting',
      'the error told or the subscription settled',
    )
    // Before the fix the held subscription was refused here: removed, its caller rejected.
    expect(outcome).toBe('waiting')
    release()
    await eth
    expect(outcome).toBe('acknowledged')
  })

  test('a server that acknowledges and closes at once: the backoff grows, it does not start over at every ready', async () => {
    const url = await serve((socket, text) => {
      if (text === 'ping') return
      acknowledge(socket, text)
      setTimeout(() => socket.close(), 20)
    })
    const { connection, events } = open(url, {
      random: () => 1,
      backoff: { initialMs: 10, maxMs: 1_000 },
    })
    await connection.subscribe(ticker('BTCUSDT'))
    await waitFor(() => events.filter((e) => e.type === 'down').length >= 4, 'four drops')
    const waits = events.flatMap((e) => (e.type === 'down' ? [e.retryInMs] : [])).slice(0, 4)
    // Before the fix every ready reset it: 10, 10, 10, 10.
    expect(waits).toEqual([10, 20, 40, 80])
  })

  test('a login refused with a code that is not of the credentials (30006 too many requests): each refusal is an error event with its code, and the login is tried again', async () => {
    let logins = 0
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const message = JSON.parse(text) as { op: string }
      if (message.op !== 'login') return
      logins++
      if (logins <= 2)
        socket.send(JSON.stringify({ event: 'error', code: 30006, msg: 'request too many' }))
      else socket.send(JSON.stringify({ event: 'login', code: 0 }))
    })
    const { connection, events } = open(url, {
      login: async () => ({ apiKey: 'k', passphrase: 'p', timestamp: '1', sign: 's' }),
      backoff: { initialMs: 10, maxMs: 20 },
    })
    await connection.ready()
    // Before the fix: two drops for 'login', and no event carrying the code.
    const errors = events.flatMap((e) => (e.type === 'error' ? [e.error] : []))
    expect(errors.map((e) => StreamLoginError.isInstance(e) && e.code)).toEqual([30006, 30006])
    expect(
      events.filter((e) => e.type === 'down').map((e) => e.type === 'down' && e.reason),
    ).toEqual(['login', 'login'])
    expect(logins).toBe(3)
  })

  test('a login refused with a login answer ({"event":"login","code":30005}): StreamLoginError, no retry', async () => {
    let logins = 0
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const message = JSON.parse(text) as { op: string }
      if (message.op === 'login') {
        logins++
        socket.send(JSON.stringify({ event: 'login', code: 30005, msg: 'apikey does not exist' }))
      }
    })
    const connection = createStreamConnection({
      url,
      onPush: () => {},
      login: async () => ({ apiKey: 'k', passphrase: 'p', timestamp: '1', sign: 's' }),
      // Long enough that the old handling (wait for the answer timer, then retry) shows as a hang.
      answerTimeoutMs: 60_000,
    })
    connections.push(connection)
    const outcome = await Promise.race([
      connection.ready().then(
        () => 'ready',
        (error: unknown) => error,
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000, 'no answer')),
    ])
    expect(StreamLoginError.isInstance(outcome)).toBe(true)
    expect((outcome as StreamLoginError).code).toBe(30005)
    expect(logins).toBe(1)
  })

  test('pongs slower than the ping interval (but within pongTimeoutMs) keep the connection up', async () => {
    let pings = 0
    const url = await serve((socket, text) => {
      if (text === 'ping') {
        pings++
        setTimeout(() => socket.send('pong'), 300)
        return
      }
      acknowledge(socket, text)
    })
    const { connection, events } = open(url, {
      pingIntervalMs: 100,
      pongTimeoutMs: 1_500,
    })
    await connection.subscribe(ticker('BTCUSDT'))
    // Before the fix each ping replaced the deadline without cancelling it: the first one fired.
    await waitFor(() => pings >= 25, 'twenty-five pings')
    expect(events.filter((e) => e.type === 'down')).toEqual([])
  })
})

describe('createStreamConnection against a server sending a message over maxMessageBytes', () => {
  /**
   * A server whose first connection pushes one `ticker` message of `bytes` bytes after the
   * subscription's answer; later connections push a small one.
   */
  const oversizing = (bytes: number) =>
    serve((socket, text, connection) => {
      if (text === 'ping') return socket.send('pong')
      acknowledge(socket, text)
      const head =
        '{"action":"snapshot","arg":{"instType":"spot","topic":"ticker","symbol":"BTCUSDT"},"data":[{"pad":"'
      const tail = '"}]}'
      const pad = connection === 1 ? bytes - head.length - tail.length : 1
      socket.send(head + 'x'.repeat(pad) + tail)
    })

  const tooLarge = (events: StreamEvent[]) =>
    events.flatMap((e) =>
      e.type === 'error' && StreamMessageTooLargeError.isInstance(e.error) ? [e.error] : [],
    )

  test.each([
    // The `ws` package refuses the frame by its header (`maxPayload`): the size is not known.
    [
      'the ws package (maxPayload)',
      Ws as unknown as WebSocketConstructor,
      4 * 1024 * 1024,
      undefined,
    ],
    // undici's WebSocket (Node's own from 22, the browsers' kind): the text is measured before it
    // is parsed.
    [
      "undici's WebSocket (measured)",
      UndiciWebSocket as unknown as WebSocketConstructor,
      64 * 1024,
      64 * 1024 + 1,
    ],
  ] as const)(
    '%s: not parsed, an error event naming the limit, dropped, and the next connection resubscribes',
    async (_, WebSocket, limit, size) => {
      const url = await oversizing(limit + 1)
      const pushes: StreamPush[] = []
      const { connection, events } = open(url, {
        WebSocket,
        // The default (4 MiB) for the ws package; a smaller limit for the measured path.
        ...(WebSocket !== Ws && { maxMessageBytes: limit }),
        backoff: { initialMs: 10, maxMs: 20 },
        onPush: (push) => pushes.push(push),
      })
      await connection.subscribe(ticker('BTCUSDT'))
      await waitFor(() => pushes.length >= 1, 'the small push of the second connection')
      // The large message never reached onPush: only the second connection's push did.
      expect(pushes.map((push) => (push.data[0] as { pad: string }).pad)).toEqual(['x'])
      const [error, ...more] = tooLarge(events)
      expect(more).toEqual([])
      expect(error?.limit).toBe(limit)
      expect(error?.size).toBe(size)
      expect(error?.shortMessage).toContain(`over the limit of ${limit} bytes (maxMessageBytes)`)
      expect(events.filter((e) => e.type === 'down').map((e) => e.type)).toEqual(['down'])
      expect(events.filter((e) => e.type === 'ready')).toHaveLength(2)
    },
  )

  test('a message of exactly maxMessageBytes is read', async () => {
    const url = await oversizing(2048)
    const pushes: StreamPush[] = []
    const { connection, events } = open(url, {
      maxMessageBytes: 2048,
      onPush: (push) => pushes.push(push),
    })
    await connection.subscribe(ticker('BTCUSDT'))
    await waitFor(() => pushes.length >= 1, 'the push')
    expect(tooLarge(events)).toEqual([])
    expect(events.filter((e) => e.type === 'down')).toEqual([])
  })

  test(`a connection holds at most ${channelsPerConnection} channels: one more is refused before it is sent, a held one and one after an unsubscribe are served`, async () => {
    const seen = new Set<string>()
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const { op, args } = JSON.parse(text) as { op: string; args: { symbol: string }[] }
      if (op === 'subscribe') for (const arg of args) seen.add(arg.symbol)
      if (op === 'subscribe') acknowledge(socket, text)
    })
    const { connection } = open(url)
    const symbols = Array.from({ length: channelsPerConnection }, (_, i) => `S${i}USDT`)
    await Promise.all(symbols.map((symbol) => connection.subscribe(ticker(symbol))))
    await expect(connection.subscribe(ticker('ONEMOREUSDT'))).rejects.toThrow(
      `subscribe: a connection holds at most ${channelsPerConnection} channels`,
    )
    await connection.subscribe(ticker('S0USDT'))
    await connection.unsubscribe(ticker('S1USDT'))
    await connection.subscribe(ticker('ANOTHERUSDT'))
    expect(seen.has('ONEMOREUSDT')).toBe(false)
    expect(seen.has('ANOTHERUSDT')).toBe(true)
  })
})

describe('createStreamConnection with more channels than its subscription budget', () => {
  /**
   * A gate of `budget` subscription args per connection: a subscribe past it tells `wait` an
   * hour and is held until `release()` (the hour passing), then let through like the others.
   */
  function budgetGate(budget: number) {
    const used = new Map<number, number>()
    const held: (() => void)[] = []
    let open = false
    const gate: StreamGate = async (kind, count, connection, wait) => {
      if (kind !== 'subscribe') return
      const now = (used.get(connection) ?? 0) + count
      used.set(connection, now)
      if (now <= budget || open) return
      wait?.(3_600_000)
      await new Promise<void>((resolve) => held.push(resolve))
    }
    const release = () => {
      open = true
      for (const resolve of held.splice(0)) resolve()
    }
    return { gate, release }
  }

  test('decision: 300 channels on a budget of 240: the 200 acknowledged deliver at once and ready() resolves; the 100 held are told (StreamSubscriptionsWaitingError: how many, until when) and subscribed when the budget allows', async () => {
    const subscribed = new Set<string>()
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const { op, args } = JSON.parse(text) as { op: string; args: { symbol: string }[] }
      if (op !== 'subscribe') return
      acknowledge(socket, text)
      // Each channel pushes once, right after its answer.
      for (const arg of args) {
        subscribed.add(arg.symbol)
        socket.send(JSON.stringify({ action: 'snapshot', arg, data: [{ lastPr: '1' }], ts: 1 }))
      }
    })
    const { gate, release } = budgetGate(240)
    const delivered = new Set<string>()
    const at = 1_800_000_000_000
    const { connection, events } = open(url, {
      gate,
      // The connection's clock: `until` is read on it.
      timers: { ...systemTimersOf(), now: () => at },
      onPush: (push) => delivered.add(String(push.arg.symbol)),
    })
    const symbols = Array.from({ length: 300 }, (_, i) => `S${i}USDT`)
    const answered = new Set<string>()
    const all = Promise.all(
      symbols.map((symbol) =>
        connection.subscribe(ticker(symbol)).then(() => void answered.add(symbol)),
      ),
    )
    // Awaited below; a failure on the way must not leave its rejection (the close) unhandled.
    all.catch(() => {})
    // Sent in messages of 50: four pass the gate (200 args), the fifth would pass 240 and waits
    // there, the sixth behind it. Before the fix the connection waited for them, held every push
    // of the 200 acknowledged channels and never became ready.
    await waitFor(() => delivered.size === 200, 'the pushes of the 200 acknowledged channels')
    await connection.ready()
    expect(connection.state).toBe('ready')
    expect(answered.size).toBe(200)
    const waiting = events.flatMap((e) =>
      e.type === 'error' && StreamSubscriptionsWaitingError.isInstance(e.error) ? [e.error] : [],
    )
    expect(waiting.map((e) => [e.waiting, e.until])).toEqual([[100, at + 3_600_000]])
    expect(waiting[0]?.shortMessage).toBe(
      `100 subscriptions wait for the subscription budget of the connection until ${new Date(at + 3_600_000).toISOString()}; the others deliver.`,
    )
    expect(subscribed.size).toBe(200)
    // The hour passes: the rest are sent, answered and deliver.
    release()
    await all
    await waitFor(() => delivered.size === 300, 'the pushes of all 300 channels')
    expect(subscribed.size).toBe(300)
    expect(events.filter((e) => e.type === 'down')).toEqual([])
  })
})

describe('createStreamConnection: an unsubscribe while the subscription is unanswered', () => {
  test('left while its resubscription after a reconnect is unanswered: the unsubscribe is sent on that connection, after the subscribe', async () => {
    const log: string[] = []
    /** The subscribe answers of the second connection, held until the test lets them go. */
    const heldAnswers: (() => void)[] = []
    const url = await serve((socket, text, connection) => {
      if (text === 'ping') return socket.send('pong')
      const { op, args } = JSON.parse(text) as { op: string; args: { symbol: string }[] }
      log.push(`c${connection} ${op} ${args.map((arg) => arg.symbol).join(',')}`)
      if (op !== 'subscribe') return
      if (connection === 1) acknowledge(socket, text)
      else heldAnswers.push(() => acknowledge(socket, text))
    })
    const { connection, events } = open(url, { backoff: { initialMs: 10, maxMs: 20 } })
    await connection.subscribe(ticker('BTCUSDT'))
    await connection.subscribe(ticker('ETHUSDT'))
    connection.reconnect()
    await waitFor(() => heldAnswers.length === 1, 'the resubscription on the second connection')
    expect(connection.state).toBe('connecting')
    // Before the fix nothing was sent (only a ready connection sent it): the server kept ETHUSDT.
    await connection.unsubscribe(ticker('ETHUSDT'))
    for (const answer of heldAnswers.splice(0)) answer()
    await connection.ready()
    expect(log).toEqual([
      'c1 subscribe BTCUSDT',
      'c1 subscribe ETHUSDT',
      'c2 subscribe BTCUSDT,ETHUSDT',
      'c2 unsubscribe ETHUSDT',
    ])
    expect(events.filter((e) => e.type === 'down')).toHaveLength(1)
  })

  test('left while its first subscribe is unanswered on a ready connection: the unsubscribe follows it', async () => {
    const log: string[] = []
    const heldAnswers: (() => void)[] = []
    const url = await serve((socket, text) => {
      if (text === 'ping') return socket.send('pong')
      const { op, args } = JSON.parse(text) as { op: string; args: { symbol: string }[] }
      log.push(`${op} ${args.map((arg) => arg.symbol).join(',')}`)
      if (op !== 'subscribe') return
      if (args.some((arg) => arg.symbol === 'ETHUSDT'))
        heldAnswers.push(() => acknowledge(socket, text))
      else acknowledge(socket, text)
    })
    const { connection } = open(url)
    await connection.subscribe(ticker('BTCUSDT'))
    const eth = connection.subscribe(ticker('ETHUSDT'))
    await waitFor(() => heldAnswers.length === 1, 'the ETHUSDT subscribe')
    await connection.unsubscribe(ticker('ETHUSDT'))
    for (const answer of heldAnswers.splice(0)) answer()
    await eth
    await waitFor(() => log.length === 3, 'the unsubscribe')
    expect(log).toEqual(['subscribe BTCUSDT', 'subscribe ETHUSDT', 'unsubscribe ETHUSDT'])
  })
})

/** The runtime's timers, for a connection whose clock a test fixes. */
function systemTimersOf() {
  return {
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
}
