/**
 * The secret scan of every private stream: a stream of a client against an upstream WebSocket on
 * 127.0.0.1 that quotes the login back (the login arg's passphrase and signature and the secret,
 * in every spelling an echo can take) in a refused login, a refused subscription, an `error`
 * event, a malformed push and the close reason of a dropped connection; every rendering of each
 * error, every connection event, hook payload and log line, and the stream and client themselves
 * are checked for the secret, the passphrase and each signature sent, in those spellings.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { WebSocket, WebSocketServer, type WebSocket as WsSocket } from 'ws'
import { printScanned, renderings, sentinel, spellings } from './secrets.js'

/** The `ws` client class, given as a stream's `WebSocket` option (the stream's own type is core's). */
type WebSocketClass = new (url: string) => any

/** What the scan passes to a line's factory: the options of the client and of its stream. */
export type StreamScanOptions = {
  /** The REST client's options (its base URL answers the server time only). */
  client: {
    baseUrl: string
    credentials: { apiKey: string; secret: string; passphrase: string }
    hooks: Record<'request' | 'response' | 'retry' | 'error', (event: unknown) => void>
    retry: { limit: number }
    rateLimiter: false
    instruments: false
  }
  /** The stream's options: the upstream URL, the `ws` client (runtimes without a global WebSocket), limits off, and reconnects within milliseconds (the close-reason path drops the connection many times). */
  stream: {
    url: string
    credentials: { apiKey: string; secret: string; passphrase: string }
    WebSocket: WebSocketClass
    backoff: { initialMs: number; maxMs: number }
    limits: false
  }
}

/** What the scan uses of a private stream. */
export type ScannedStream = {
  ready(): Promise<void>
  close(): Promise<void>
  on(topic: 'connection', listener: (event: unknown) => void): () => void
}

/** A product line's private stream for the scan. */
export type StreamScanLine<stream extends ScannedStream> = {
  /** The line's name in test titles. */
  readonly name: string
  /** Makes a client and its private stream (limits off, the options passed through). */
  open(options: StreamScanOptions): { stream: stream; client: unknown }
  /** Reads one topic of the stream (this subscribes it). */
  read(stream: stream): AsyncIterator<unknown>
  /** The spellings the sandbox's `echo` fault writes a value in (`echoSpellings`). */
  echoSpellings(value: string): string[]
  /** Whether an error is a tradeline error (`BaseError.isInstance`). */
  typed(error: unknown): boolean
}

/** One login the upstream received. */
type LoginArg = { apiKey: string; passphrase: string; timestamp: string; sign: string }

/** How the upstream answers one client message, on one connection. */
type Behaviour = (
  socket: WsSocket,
  message: { op: string; args: Record<string, unknown>[] },
  login: LoginArg,
) => void

/** The login refusals that end a stream (wrong key, passphrase, signature; the key expired). */
const loginCodes = [30005, 30011, 30012, 30015] as const

/** A close reason is at most 123 bytes. */
const closeReasonBytes = 123

/**
 * Registers the stream scan of one line: each path is driven once on a new stream and every
 * text it left is checked; the count of texts scanned is printed when the suite ends.
 */
export function describeStreamSecretScan<stream extends ScannedStream>(
  line: StreamScanLine<stream>,
): void {
  let http: Server
  let upstream: WebSocketServer
  let port = 0
  let behaviour: Behaviour = () => {}
  let signs: string[] = []
  let connections = 0
  let events: unknown[] = []
  let logs: unknown[][] = []
  const scanned: Record<string, number> = {}

  beforeAll(async () => {
    http = createServer((request, response) => {
      const time = request.url?.startsWith('/api/v2/public/time')
      response.writeHead(time ? 200 : 404, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          time
            ? { code: '00000', msg: 'success', data: { serverTime: String(Date.now()) } }
            : { code: '40404', msg: 'not served by the stream scan' },
        ),
      )
    })
    upstream = new WebSocketServer({ server: http })
    upstream.on('connection', (socket) => {
      connections++
      let login: LoginArg | undefined
      socket.on('message', (raw) => {
        const text = String(raw)
        if (text === 'ping') return socket.send('pong')
        const message = JSON.parse(text) as { op: string; args: Record<string, unknown>[] }
        if (message.op === 'login') {
          login = message.args[0] as LoginArg
          signs.push(login.sign)
        }
        if (login !== undefined) behaviour(socket, message, login)
      })
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    port = (http.address() as AddressInfo).port
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args))
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    for (const client of upstream.clients) client.terminate()
    await new Promise((resolve) => upstream.close(resolve))
    await new Promise((resolve) => http.close(resolve))
    // Each path scanned texts (the scan was not vacuous); the counts, as the REST scan prints them.
    for (const [name, count] of Object.entries(scanned))
      expect(count, `${name} scanned nothing`).toBeGreaterThan(0)
    printScanned(`stream secret scan, ${line.name}`, scanned)
  })

  /** Every spelling of `value` an echo may write: the sandbox's and the scan's own. */
  const every = (value: string) => [...new Set([...line.echoSpellings(value), ...spellings(value)])]
  /** An upstream text quoting the login arg and the secret in every spelling. */
  const quote = (login: LoginArg) =>
    `login of ${login.apiKey}: ${[login.passphrase, login.sign, sentinel.secret]
      .flatMap(every)
      .join(' | ')}`

  const open = () => {
    signs = []
    events = []
    logs = []
    connections = 0
    const record = (event: unknown) => void events.push(event)
    const credentials = {
      apiKey: 'bg_streamscan0123456789',
      secret: sentinel.secret,
      passphrase: sentinel.passphrase,
    }
    const opened = line.open({
      client: {
        baseUrl: `http://127.0.0.1:${port}`,
        credentials,
        hooks: { request: record, response: record, retry: record, error: record },
        retry: { limit: 0 },
        rateLimiter: false,
        instruments: false,
      },
      stream: {
        url: `ws://127.0.0.1:${port}/private`,
        credentials,
        WebSocket,
        backoff: { initialMs: 1, maxMs: 4 },
        limits: false,
      },
    })
    opened.stream.on('connection', record)
    return opened
  }

  /** Reads the topic in the background; the error it ends with, if any. */
  const drain = (iterator: AsyncIterator<unknown>) => {
    const outcome: { error?: unknown; records: unknown[] } = { records: [] }
    const next = (): Promise<void> =>
      iterator.next().then(
        (result) => {
          if (result.done) return
          outcome.records.push(result.value)
          return next()
        },
        (error: unknown) => {
          outcome.error = error
        },
      )
    void next()
    return outcome
  }

  const errorEvents = () =>
    events
      .filter(
        (e): e is { type: 'error'; error: unknown } => (e as { type?: unknown }).type === 'error',
      )
      .map((e) => e.error)

  /** Waits (real time, bounded) until `done` holds. */
  const until = async (what: string, done: () => boolean) => {
    for (let i = 0; i < 2000 && !done(); i++) await new Promise((r) => setTimeout(r, 5))
    expect(done(), `waited for ${what}`).toBe(true)
  }

  /**
   * Waits (real time) until `remaining()` is 0, failing only when it has not fallen for
   * `stallMs`: a path of many reconnects takes as long as the machine needs per connection, and
   * a stall (one connection not coming back) still fails within `stallMs` of the last progress.
   */
  const untilDone = async (what: string, remaining: () => number, stallMs = 15_000) => {
    let last = remaining()
    let since = Date.now()
    while (remaining() > 0 && Date.now() - since < stallMs) {
      await new Promise((r) => setTimeout(r, 5))
      if (remaining() < last) {
        last = remaining()
        since = Date.now()
      }
    }
    expect(remaining(), `waited for ${what}; no progress for ${stallMs} ms`).toBe(0)
  }

  /** Every text the path left, checked for every spelling of every secret. */
  const expectClean = (name: string, shown: unknown[]) => {
    const texts = [
      ...shown.flatMap(renderings),
      ...events.flatMap(renderings),
      JSON.stringify(events, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
      ...logs.flatMap((args) => args.flatMap(renderings)),
    ]
    const forbidden = [
      ...every(sentinel.secret),
      ...every(sentinel.passphrase),
      sentinel.secret.slice(0, 14),
      sentinel.passphrase.slice(0, 14),
      ...signs.flatMap(every),
    ]
    expect(signs.length, `${name}: no login reached the upstream`).toBeGreaterThan(0)
    for (const text of texts)
      for (const secret of forbidden) expect(text, `${name} leaks ${secret}`).not.toContain(secret)
    scanned[name] = (scanned[name] ?? 0) + texts.length
  }

  /** Answers the login, then each subscription with `then` (after acknowledging it, unless not). */
  const loggedIn =
    (
      then: (socket: WsSocket, arg: Record<string, unknown>, login: LoginArg) => void,
      acknowledge = true,
    ): Behaviour =>
    (socket, message, login) => {
      if (message.op === 'login') return socket.send(JSON.stringify({ event: 'login', code: 0 }))
      if (message.op !== 'subscribe') return
      for (const arg of message.args) {
        if (acknowledge) socket.send(JSON.stringify({ event: 'subscribe', arg }))
        then(socket, arg, login)
      }
    }

  type Path = {
    name: string
    /** The test's time limit where the path needs more than the default 20 s (many connections). */
    timeoutMs?: number
    run(opened: { stream: stream; client: unknown }, topic: { error?: unknown }): Promise<unknown[]>
  }
  const paths: Path[] = [
    ...loginCodes.map(
      (code): Path => ({
        name: `a login refused with ${code}, its msg quoting the login and the secret`,
        async run({ stream }, topic) {
          behaviour = (socket, message, login) => {
            if (message.op === 'login')
              socket.send(JSON.stringify({ event: 'error', code, msg: quote(login) }))
          }
          const refused = await stream.ready().then(
            () => undefined,
            (error: unknown) => error,
          )
          await until('the reader to end', () => topic.error !== undefined)
          expect((refused as Error).name).toBe('StreamLoginError')
          expect((refused as { code?: unknown }).code).toBe(code)
          expect((refused as { msg: string }).msg).toContain('[redacted]')
          return [refused, topic.error]
        },
      }),
    ),
    {
      name: 'a subscription refused, its msg quoting the login and the secret',
      async run(_, topic) {
        behaviour = loggedIn((socket, arg, login) => {
          socket.send(JSON.stringify({ event: 'error', code: 30001, msg: quote(login), arg }))
        }, false)
        await until('the reader to end', () => topic.error !== undefined)
        expect((topic.error as Error).name).toBe('StreamSubscribeError')
        expect((topic.error as { msg: string }).msg).toContain('[redacted]')
        return [topic.error]
      },
    },
    {
      name: 'a subscription refused with an arg the upstream rewrote to quote the login and the secret',
      async run(_, topic) {
        behaviour = loggedIn((socket, arg, login) => {
          const rewritten = {
            ...arg,
            [quote(login)]: quote(login),
            echo: { login: [quote(login)] },
          }
          socket.send(JSON.stringify({ event: 'error', code: 30002, msg: 'no', arg: rewritten }))
        }, false)
        await until('the reader to end', () => topic.error !== undefined)
        expect((topic.error as Error).name).toBe('StreamSubscribeError')
        // It names the subscription sent (each of its fields, extra ones added): the error gives
        // the subscription as sent, without what the upstream added.
        const given = (topic.error as { arg: Record<string, unknown> }).arg
        expect(Object.keys(given)).not.toContain('echo')
        return [topic.error]
      },
    },
    {
      name: 'a refusal whose arg names no subscription sent, quoting the login and the secret',
      async run() {
        behaviour = loggedIn((socket, arg, login) => {
          const channel = 'topic' in arg ? 'topic' : 'channel'
          const rewritten = { ...arg, [channel]: quote(login), echo: { login: [quote(login)] } }
          socket.send(JSON.stringify({ event: 'error', code: 30002, msg: 'no', arg: rewritten }))
        }, false)
        await until('an error event', () => errorEvents().length > 0)
        const refusal = errorEvents()[0] as { name: string; arg: unknown }
        expect(refusal.name).toBe('StreamSubscribeError')
        // The upstream's arg, every text of it redacted.
        expect(JSON.stringify(refusal.arg)).toContain('[redacted]')
        return errorEvents()
      },
    },
    {
      name: 'an error event of the exchange quoting the login and the secret',
      async run() {
        behaviour = loggedIn((socket, _, login) =>
          socket.send(JSON.stringify({ event: 'error', code: 30016, msg: quote(login) })),
        )
        await until('an error event', () => errorEvents().length > 0)
        expect(String((errorEvents()[0] as Error).message)).toContain('[redacted]')
        return errorEvents()
      },
    },
    {
      name: 'a malformed push (and a text that is not JSON) quoting the login and the secret',
      async run() {
        behaviour = loggedIn((socket, arg, login) => {
          const quoted = quote(login)
          socket.send(quoted)
          // Texts where the records have texts, and a list where they have a text or a coin's
          // text where they have a list, so that the record is refused.
          const record = {
            ...Object.fromEntries(
              ['orderId', 'symbol', 'category', 'price', 'size', 'equity', 'note'].map((key) => [
                key,
                quoted,
              ]),
            ),
            marginCoin: [quoted],
            coin: quoted,
            assets: quoted,
          }
          socket.send(JSON.stringify({ action: 'snapshot', arg, data: [record], ts: Date.now() }))
        })
        await until('an error event', () => errorEvents().length > 0)
        expect((errorEvents()[0] as Error).name).toBe('StreamPushError')
        // It names the field; where it quotes the value, the value is redacted.
        expect((errorEvents()[0] as { problem: string }).problem).toMatch(/^\w+(\.\w+)*: /)
        return errorEvents()
      },
    },
    {
      name: 'the connection closed with a reason quoting the login and the secret',
      // Dozens of connections, each closed once; on a loaded machine each takes a while, so the
      // limit is generous and the wait below fails on a stall instead of on the total time.
      timeoutMs: 180_000,
      async run({ stream }) {
        // One close for each spelling (as much of it as a close reason holds); then it stays up.
        let reasons: string[] | undefined
        behaviour = loggedIn((socket, _, login) => {
          reasons ??= [login.passphrase, login.sign, sentinel.secret].flatMap(every)
          const reason = reasons.shift()
          if (reason !== undefined) socket.close(4000, fitReason(reason))
        })
        await untilDone('every close', () => (reasons === undefined ? 1 : reasons.length))
        await stream.ready()
        const downs = events.filter((e) => (e as { type?: unknown }).type === 'down')
        expect(downs.length).toBeGreaterThanOrEqual(connections - 1)
        expect(connections).toBeGreaterThan(10)
        return downs
      },
    },
  ]

  describe(`stream secret scan: ${line.name}`, () => {
    for (const path of paths)
      test(
        path.name,
        async () => {
          const name = path.name
          const opened = open()
          try {
            const topic = drain(line.read(opened.stream))
            const shown = await path.run(opened, topic)
            for (const error of shown.filter((e) => e instanceof Error))
              expect(
                line.typed(error) || (error as Error).name === 'Error',
                (error as Error).name,
              ).toBe(true)
            expectClean(name, [...shown, opened.stream, opened.client])
          } finally {
            behaviour = () => {}
            await opened.stream.close()
          }
          // Closing left nothing behind that quotes a secret either.
          expectClean(name, [opened.stream, opened.client])
        },
        path.timeoutMs,
      )
  })
}

/** `reason` cut to what a close frame carries (123 bytes of UTF-8, whole characters). */
function fitReason(reason: string): string {
  let out = ''
  for (const c of reason) {
    if (Buffer.byteLength(out + c) > closeReasonBytes) break
    out += c
  }
  return out
}

/** One subscription a client asked a {@link privateStreamServer} for, as it sent it. */
export type SubscribeArg = {
  instType: string
  channel: string
  topic: string
  [field: string]: string
}

/** A {@link privateStreamServer}: its address and how to stop it. */
export type PrivateStreamServer = { readonly url: string; close(): Promise<void> }

/**
 * A private-stream server on 127.0.0.1 for the hostile stream tests of the clients: `pong` to
 * every `ping`, success to every login (`onLogin` sees its args first), and `onSubscribe` for
 * each subscription asked for, which sends the acknowledgement and the pushes the test wants
 * (or none). `close()` ends every connection, then the server.
 */
export async function privateStreamServer(
  onSubscribe: (socket: WsSocket, arg: SubscribeArg) => void,
  onLogin?: (args: Record<string, string>[]) => void,
): Promise<PrivateStreamServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise((resolve) => server.once('listening', resolve))
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const text = String(data)
      if (text === 'ping') return socket.send('pong')
      const message = JSON.parse(text) as { op: string; args: SubscribeArg[] }
      if (message.op === 'login') {
        onLogin?.(message.args)
        return socket.send(JSON.stringify({ event: 'login', code: 0 }))
      }
      if (message.op !== 'subscribe') return
      for (const arg of message.args) onSubscribe(socket, arg)
    })
  })
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const client of server.clients) client.terminate()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
