// The connection engine over a real loopback WebSocket against the sandbox: public topics
// without login, refused subscriptions, the login rule, close. The reconnect, heartbeat and
// gap behaviour are tested through the unified stream (packages/unified/src/stream).
import { type AddressInfo, createServer, type Socket } from 'node:net'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createHmacSigner } from '../sign.js'
import { createStreamConnection } from './createStreamConnection.js'
import { StreamClosedError, type StreamLoginError, StreamSubscribeError } from './errors.js'
import { type StreamPush, subscriptionKey } from './types.js'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true })
})
afterAll(async () => {
  await sandbox.close()
})

const waitFor = async (check: () => boolean, what: string) => {
  const end = Date.now() + 5000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('subscriptionKey', () => {
  test('the same fields in any order are the same subscription', () => {
    expect(subscriptionKey({ topic: 'order', instType: 'UTA' })).toBe(
      subscriptionKey({ instType: 'UTA', topic: 'order' }),
    )
    expect(subscriptionKey({ instType: 'UTA', topic: 'fill' })).not.toBe(
      subscriptionKey({ instType: 'UTA', topic: 'order' }),
    )
  })
})

describe('createStreamConnection', () => {
  test('a public endpoint needs no login: a ticker snapshot on subscribe, an update on a new price', async () => {
    const pushes: StreamPush[] = []
    const connection = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/public`,
      onPush: (push) => pushes.push(push),
    })
    const arg = { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' }
    await connection.subscribe(arg)
    await waitFor(() => pushes.length === 1, 'the snapshot')
    expect(pushes[0]).toMatchObject({ action: 'snapshot', arg })
    expect(typeof pushes[0]?.ts).toBe('number')
    sandbox.admin.setPrice('BTCUSDT', '65123.4')
    await waitFor(() => pushes.length === 2, 'the update')
    expect(pushes[1]?.data[0]).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '65123.4' })
    await connection.close()
    expect(connection.state).toBe('closed')
  })

  test('a topic the exchange does not have: the subscribe rejects with StreamSubscribeError 30001, others still work', async () => {
    const refused: StreamSubscribeError[] = []
    const connection = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/public`,
      onPush: () => {},
      onSubscribeError: (error) => refused.push(error),
    })
    const error = await connection
      .subscribe({ instType: 'usdt-futures', topic: 'nope', symbol: 'BTCUSDT' })
      .catch((e: unknown) => e)
    expect(StreamSubscribeError.isInstance(error)).toBe(true)
    expect((error as StreamSubscribeError).code).toBe(30001)
    expect(refused).toHaveLength(1)
    await connection.subscribe({ instType: 'spot', topic: 'ticker', symbol: 'ETHUSDT' })
    await connection.close()
  })

  test('a private topic without login: 30004 (the user needs to log in)', async () => {
    const connection = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/private`,
      onPush: () => {},
    })
    const error = await connection
      .subscribe({ instType: 'UTA', topic: 'order' })
      .catch((e: unknown) => e)
    expect((error as StreamSubscribeError).code).toBe(30004)
    await connection.close()
  })

  test('the login rule: base64 HMAC-SHA256 of timestamp (seconds) + "GET" + "/user/verify"', async () => {
    const { apiKey, secret, passphrase } = sandbox.credentials
    const signer = createHmacSigner(secret)
    const sign = (timestamp: string, message = `${timestamp}GET/user/verify`) =>
      signer.sign(message)
    const loginWith = (build: () => Promise<Record<string, string>>) =>
      createStreamConnection({
        url: `${sandbox.wsUrl}/v3/ws/private`,
        onPush: () => {},
        login: build,
      })
    const seconds = () => String(Math.floor(Date.now() / 1000))
    const ok = loginWith(async () => {
      const timestamp = seconds()
      return { apiKey, passphrase, timestamp, sign: await sign(timestamp) }
    })
    await ok.subscribe({ instType: 'UTA', topic: 'order' })
    await ok.close()
    // Signed over another path: refused with 30015, for good.
    const failures: unknown[] = []
    const wrong = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/private`,
      onPush: () => {},
      onFail: (error) => failures.push(error),
      login: async () => {
        const timestamp = seconds()
        return {
          apiKey,
          passphrase,
          timestamp,
          sign: await sign(timestamp, `${timestamp}GET/user/login`),
        }
      },
    })
    const error = await wrong.ready().catch((e: unknown) => e)
    expect((error as StreamLoginError).code).toBe(30015)
    expect(failures).toEqual([error])
    expect(wrong.state).toBe('failed')
    await wrong.close()
  })

  test('close(): waiting callers get StreamClosedError; a closed connection refuses subscriptions', async () => {
    const connection = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/public`,
      onPush: () => {},
    })
    const waiting = connection.ready()
    await connection.close()
    await expect(waiting).rejects.toThrow(StreamClosedError)
    await expect(
      connection.subscribe({ instType: 'spot', topic: 'ticker', symbol: 'BTCUSDT' }),
    ).rejects.toThrow(StreamClosedError)
  })

  test('a handshake that never completes: the connection is dropped after answerTimeoutMs and tried again', async () => {
    // A real server on loopback that accepts the TCP connection and never answers the upgrade.
    const held: Socket[] = []
    const hole = createServer((socket) => void held.push(socket))
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve))
    const { port } = hole.address() as AddressInfo
    let now = 0
    const due: { at: number; run: () => void }[] = []
    const timers = {
      now: () => now,
      setTimeout: (run: () => void, ms: number) => {
        const t = { at: now + ms, run }
        due.push(t)
        return t
      },
      clearTimeout: (t: unknown) => {
        const i = due.indexOf(t as (typeof due)[number])
        if (i >= 0) due.splice(i, 1)
      },
    }
    const advance = (ms: number) => {
      now += ms
      for (const t of due.filter((t) => t.at <= now)) {
        due.splice(due.indexOf(t), 1)
        t.run()
      }
    }
    const events: string[] = []
    const connection = createStreamConnection({
      url: `ws://127.0.0.1:${port}/v3/ws/public`,
      onPush: () => {},
      timers,
      answerTimeoutMs: 2000,
      random: () => 0,
      onEvent: (e) =>
        void events.push(e.type === 'down' ? `down ${e.reason} ${e.retryInMs}` : e.type),
    })
    void connection.ready().catch(() => {})
    await waitFor(() => held.length === 1, 'the first connection')
    advance(1999)
    expect(events).toEqual([])
    advance(1)
    expect(events).toEqual(['down closed 250'])
    const before = held.length
    advance(250)
    // The second attempt reaches the server, hangs the same way, and is dropped in turn.
    await waitFor(
      () => held.length > before && connection.state === 'connecting',
      'the second attempt',
    )
    // Its answer timer was armed before the socket was made (before the server saw it): no
    // real-time wait is needed before the clock moves.
    advance(2000)
    expect(events).toEqual(['down closed 250', 'down closed 500'])
    await connection.close()
    for (const socket of held) socket.destroy()
    await new Promise((resolve) => hole.close(resolve))
  })

  test('no WebSocket anywhere: the connection fails with a message that says what to install', async () => {
    const failures: unknown[] = []
    const connection = createStreamConnection({
      url: `${sandbox.wsUrl}/v3/ws/public`,
      onPush: () => {},
      onFail: (error) => failures.push(error),
      WebSocket: class {
        constructor() {
          throw new Error('no sockets here')
        }
      } as never,
    })
    await expect(connection.ready()).rejects.toThrow('no sockets here')
    expect(failures).toHaveLength(1)
  })
})
