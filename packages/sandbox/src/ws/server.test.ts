import { afterEach, describe, expect, test, vi } from 'vitest'
import type { RunningSandbox } from '../server.js'
import { start, T0 } from '../test/unified.js'
import { connect, loginMessage, uta, type WsClient } from '../test/ws.js'
import { idleMs, messagesPerSecond, subscriptionsPerHour } from './server.js'

const opened: RunningSandbox[] = []
afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

async function open(options: Parameters<typeof start>[0] = {}) {
  const started = await start(options)
  opened.push(started.sandbox)
  const privateWs = () => connect(`${started.sandbox.wsUrl}/v3/ws/private`)
  return { ...started, privateWs }
}

async function loggedIn(client: WsClient, sandbox: RunningSandbox) {
  client.send(loginMessage(sandbox.credentials, Math.floor(sandbox.admin.now() / 1000)))
  expect(await client.next()).toEqual({ event: 'login', code: 0, msg: '' })
}

describe('startSandbox: WebSocket endpoints', () => {
  test('wsUrl is the ws:// base of the same port; private and public paths upgrade, others get 404', async () => {
    const { sandbox } = await open()
    expect(sandbox.wsUrl).toBe(sandbox.url.replace('http://', 'ws://'))
    const a = await connect(`${sandbox.wsUrl}/v3/ws/private`)
    const b = await connect(`${sandbox.wsUrl}/v3/ws/public`)
    expect(sandbox.admin.ws.connections()).toEqual({ private: 1, public: 1, loggedIn: 0 })
    await expect(connect(`${sandbox.wsUrl}/v2/ws/other`)).rejects.toThrow('HTTP 404')
    a.close()
    b.close()
    await Promise.all([a.closed, b.closed])
  })

  test('text ping is answered with text pong; a protocol ping gets the protocol pong', async () => {
    const { privateWs } = await open()
    const client = await privateWs()
    client.send('ping')
    expect(await client.next()).toBe('pong')
    const pong = new Promise<string>((resolve) =>
      client.socket.once('pong', (data) => resolve(String(data))),
    )
    client.socket.ping('hello')
    expect(await pong).toBe('hello')
  })
})

describe('login', () => {
  test('a key signs timestamp + "GET" + "/user/verify": seconds (JSON number) and milliseconds (string) are accepted', async () => {
    const { sandbox, privateWs } = await open()
    const seconds = await privateWs()
    seconds.send(loginMessage(sandbox.credentials, Math.floor(T0 / 1000)))
    expect(await seconds.next()).toEqual({ event: 'login', code: 0, msg: '' })
    const millis = await privateWs()
    millis.send(loginMessage(sandbox.credentials, String(T0 + 29_000)))
    expect(await millis.next()).toEqual({ event: 'login', code: 0, msg: '' })
    expect(sandbox.admin.ws.connections()).toEqual({ private: 2, public: 0, loggedIn: 2 })
  })

  test('decision: each failure answers its documented code and keeps the connection open', async () => {
    const { sandbox, privateWs } = await open()
    const rsa = sandbox.admin.addKey({
      publicKey: (await import('node:crypto'))
        .generateKeyPairSync('rsa', { modulusLength: 1024 })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
    })
    const key = sandbox.credentials
    const seconds = Math.floor(T0 / 1000)
    const valid = loginMessage(key, seconds).args[0]!
    const cases: [string, unknown, number][] = [
      ['unknown key', [{ ...valid, apiKey: 'bg_nope' }], 30011],
      ['wrong passphrase', [{ ...valid, passphrase: 'nope' }], 30012],
      ['timestamp not digits', [{ ...valid, timestamp: '12a' }], 30013],
      ['timestamp 31 s old', [loginMessage(key, seconds - 31).args[0]], 30014],
      ['timestamp 31 s ahead (ms)', [loginMessage(key, T0 + 31_000).args[0]], 30014],
      ['wrong signature', [{ ...valid, sign: 'AAAA' }], 30015],
      [
        'an RSA key (HMAC only)',
        [{ ...valid, apiKey: rsa.apiKey, passphrase: rsa.passphrase }],
        30005,
      ],
      ['args missing', undefined, 30016],
      ['arg not an object', ['x'], 30016],
    ]
    const client = await privateWs()
    for (const [, args, code] of cases) {
      client.send({ op: 'login', ...(args !== undefined && { args }) })
      const answer = await client.next()
      expect(answer).toMatchObject({ event: 'error', code })
      expect(typeof answer.msg).toBe('string')
      expect(JSON.stringify(answer)).not.toContain(key.secret)
      expect(JSON.stringify(answer)).not.toContain(key.passphrase)
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN)
    expect(sandbox.admin.ws.connections().loggedIn).toBe(0)
  })
})

describe('requests', () => {
  test('private topic before login: 30004 with the arg; unknown topic or instType: 30001 with the arg', async () => {
    const { privateWs } = await open()
    const client = await privateWs()
    client.send({
      op: 'subscribe',
      args: [uta('order'), uta('orders'), { instType: 'SPOT', topic: 'order' }],
    })
    expect(await client.take(3)).toEqual([
      { event: 'error', code: 30004, msg: 'User needs to log in', arg: uta('order') },
      { event: 'error', code: 30001, msg: 'channel does not exist', arg: uta('orders') },
      {
        event: 'error',
        code: 30001,
        msg: 'channel does not exist',
        arg: { instType: 'SPOT', topic: 'order' },
      },
    ])
  })

  test('not JSON or no op: 30002; unknown op: 30003; subscribe and unsubscribe ack each arg as sent', async () => {
    const { sandbox, privateWs } = await open()
    const client = await privateWs()
    client.send('{nope')
    client.send({ args: [] })
    client.send({ op: 'place', args: [] })
    expect(await client.take(3)).toEqual([
      { event: 'error', code: 30002, msg: 'illegal request' },
      { event: 'error', code: 30002, msg: 'illegal request' },
      { event: 'error', code: 30003, msg: 'invalid op' },
    ])
    await loggedIn(client, sandbox)
    client.send({ op: 'subscribe', args: [uta('order'), uta('fill')] })
    expect(await client.take(2)).toEqual([
      { event: 'subscribe', arg: uta('order') },
      { event: 'subscribe', arg: uta('fill') },
    ])
    client.send({ op: 'unsubscribe', args: [uta('order')] })
    expect(await client.next()).toEqual({ event: 'unsubscribe', arg: uta('order') })
  })
})

describe('request ids', () => {
  test('decision: op trade (WebSocket order entry) is not served: 30003 naming REST, with the request id, and no order is placed', async () => {
    const { sandbox, privateWs } = await open()
    const client = await privateWs()
    await loggedIn(client, sandbox)
    // The frame bitget-api's WebsocketAPIClient sends; it waits for the answer bearing its id.
    client.send({
      op: 'trade',
      id: '42',
      category: 'spot',
      topic: 'place-order',
      args: [{ symbol: 'ETHUSDT', orderType: 'limit', qty: '0.01', price: '3000', side: 'buy' }],
    })
    const answer = await client.next()
    expect(answer).toMatchObject({ event: 'error', id: '42', code: 30003 })
    expect(answer.msg).toContain('order entry over WebSocket (op trade) is not served')
    expect(sandbox.admin.state().orders).toEqual([])
    expect(client.socket.readyState).toBe(client.socket.OPEN)
  })

  test('decision: every error answering a request with an id echoes it (string or number, as sent); an id past 64 characters is refused with 30002', async () => {
    const { sandbox, privateWs } = await open()
    const client = await privateWs()
    client.send({ op: 'nope', id: 'a-1' })
    client.send({ op: 'subscribe', id: 7, args: [uta('order')] })
    client.send({ ...loginMessage(sandbox.credentials, 'x'), id: 'login-1' })
    client.send({ op: 'subscribe', id: 'b-2' })
    client.send({ op: 'trade', id: 'x'.repeat(65) })
    const answers = await client.take(5)
    expect(answers).toMatchObject([
      { event: 'error', id: 'a-1', code: 30003 },
      { event: 'error', id: 7, code: 30004, arg: uta('order') },
      { event: 'error', id: 'login-1', code: 30013 },
      { event: 'error', id: 'b-2', code: 30002 },
      { event: 'error', code: 30002 },
    ])
    expect(answers[4]).not.toHaveProperty('id')
    await loggedIn(client, sandbox)
    client.send({ op: 'subscribe', id: 'c-3', args: [uta('orders')] })
    expect(await client.next()).toEqual({
      event: 'error',
      id: 'c-3',
      code: 30001,
      msg: 'channel does not exist',
      arg: uta('orders'),
    })
  })
})

describe('faults', () => {
  test('stallPongs: ping gets no pong while on (other answers still flow), pong again when off', async () => {
    const { sandbox, privateWs } = await open()
    const client = await privateWs()
    sandbox.admin.ws.stallPongs(true)
    client.send('ping')
    client.send({ op: 'nope' })
    expect(await client.next()).toMatchObject({ code: 30003 })
    sandbox.admin.ws.stallPongs(false)
    client.send('ping')
    expect(await client.next()).toBe('pong')
  })

  test('drop: every connection is destroyed at once without a close frame (1006); answers how many', async () => {
    const { sandbox, privateWs } = await open()
    const clients = [
      await privateWs(),
      await privateWs(),
      await connect(`${sandbox.wsUrl}/v3/ws/public`),
    ]
    expect(sandbox.admin.ws.drop()).toBe(3)
    expect(await Promise.all(clients.map((c) => c.closed))).toEqual([1006, 1006, 1006])
    expect(sandbox.admin.ws.connections()).toEqual({ private: 0, public: 0, loggedIn: 0 })
  })

  test('refuse: new upgrades get HTTP 503 while on; connecting works again when off', async () => {
    const { sandbox, privateWs } = await open()
    sandbox.admin.ws.refuse(true)
    await expect(privateWs()).rejects.toThrow('HTTP 503')
    sandbox.admin.ws.refuse(false)
    const client = await privateWs()
    expect(client.socket.readyState).toBe(client.socket.OPEN)
  })

  test('the admin HTTP routes: /sandbox/ws/{drop,stall-pongs,refuse,connections}', async () => {
    const { sandbox, privateWs } = await open()
    const admin = (path: string, body?: unknown) =>
      fetch(`${sandbox.url}/sandbox/ws/${path}`, {
        method: body === undefined && path === 'connections' ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }).then((r) => r.json())
    const client = await privateWs()
    expect((await admin('connections')).data).toEqual({ private: 1, public: 0, loggedIn: 0 })
    await admin('stall-pongs', { on: true })
    client.send('ping')
    client.send({ op: 'x' })
    expect(await client.next()).toMatchObject({ code: 30003 })
    await admin('stall-pongs', { on: false })
    await admin('refuse', { on: true })
    await expect(privateWs()).rejects.toThrow('HTTP 503')
    await admin('refuse', { on: false })
    expect((await admin('drop')).data).toEqual({ dropped: 1 })
    expect(await client.closed).toBe(1006)
  })

  test('close() of the sandbox ends every WebSocket connection', async () => {
    const { sandbox, privateWs } = await open()
    const client = await privateWs()
    await sandbox.close()
    expect(await client.closed).toBe(1006)
  })
})

describe('limits', () => {
  test(`at most ${messagesPerSecond} messages per second per connection (ping included): the excess gets 30006, is not processed, and the connection is closed with 1008 (the exchange disconnects it)`, async () => {
    const { sandbox, clock, privateWs } = await open({ rateLimits: true })
    const client = await privateWs()
    for (let i = 0; i < messagesPerSecond + 1; i++) client.send('ping')
    client.send(loginMessage(sandbox.credentials, Math.floor(sandbox.admin.now() / 1000)))
    const answers = await client.take(messagesPerSecond + 1)
    expect(answers.slice(0, messagesPerSecond)).toEqual(Array(messagesPerSecond).fill('pong'))
    expect(answers[messagesPerSecond]).toEqual({
      event: 'error',
      code: 30006,
      msg: 'request too many',
    })
    expect(await client.closed).toBe(1008)
    // The login sent after the excess was not served.
    expect(client.pending).toEqual([])
    expect(sandbox.admin.ws.connections()).toEqual({ private: 0, public: 0, loggedIn: 0 })
    // A new second, a new connection: served again.
    clock.set(sandbox.admin.now() + 1000)
    const next = await privateWs()
    next.send('ping')
    expect(await next.next()).toBe('pong')
  })

  test.each(['/v3/ws/private', '/v3/ws/public', '/v2/ws/public'])(
    '%s: a protocol ping frame counts as a message (the exchange counts "PING frame"): the 11th of a second closes with 1008',
    async (path) => {
      const { sandbox } = await open({ rateLimits: true })
      const client = await connect(`${sandbox.wsUrl}${path}`)
      let pongs = 0
      client.socket.on('pong', () => pongs++)
      for (let i = 0; i < messagesPerSecond + 1; i++) client.socket.ping(String(i))
      expect(await client.next()).toEqual({ event: 'error', code: 30006, msg: 'request too many' })
      expect(await client.closed).toBe(1008)
      expect(pongs).toBe(messagesPerSecond)
    },
  )

  test(`at most ${subscriptionsPerHour} subscription args per hour per connection: then 30007`, async () => {
    const { sandbox, clock, privateWs } = await open({ rateLimits: true })
    const client = await privateWs()
    await loggedIn(client, sandbox)
    const args = Array.from({ length: subscriptionsPerHour }, () => uta('order'))
    client.send({ op: 'subscribe', args })
    const acks = await client.take(subscriptionsPerHour)
    expect(acks.every((a) => a.event === 'subscribe')).toBe(true)
    clock.set(sandbox.admin.now() + 1000)
    client.send({ op: 'subscribe', args: [uta('fill')] })
    expect(await client.next()).toEqual({
      event: 'error',
      code: 30007,
      msg: 'request over limit',
      arg: uta('fill'),
    })
    clock.set(T0 + 3_600_000 + 1)
    client.send({ op: 'subscribe', args: [uta('fill')] })
    expect(await client.next()).toEqual({ event: 'subscribe', arg: uta('fill') })
  })

  test('rateLimits: false turns both limits off', async () => {
    const { privateWs } = await open({ rateLimits: false })
    const client = await privateWs()
    for (let i = 0; i < messagesPerSecond * 3; i++) client.send('ping')
    expect(new Set(await client.take(messagesPerSecond * 3))).toEqual(new Set(['pong']))
  })

  test('a connection that sends nothing for 120 s is closed; a message restarts the wait (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { privateWs } = await open()
    const client = await privateWs()
    vi.advanceTimersByTime(idleMs - 1000)
    client.send('ping')
    expect(await client.next()).toBe('pong')
    vi.advanceTimersByTime(idleMs - 1000)
    expect(client.socket.readyState).toBe(client.socket.OPEN)
    vi.advanceTimersByTime(1000)
    expect(await client.closed).toBe(1000)
  })
})
