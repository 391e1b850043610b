// The WebSocket paths under one message that asks for a flood of answers, and under a peer that
// stops reading: the answers stay bounded (README "Input limits"), and the sandbox keeps serving.
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { jsonBounds } from '../json.js'
import { start } from '../test/unified.js'
import { connect } from '../test/ws.js'
import { wsArgLength, wsArgsPerMessage, wsBufferedBytes } from '../ws/protocol.js'
import { subscriptionsPerHour } from '../ws/server.js'
import { health, startAbuse } from './harness.js'

let ctx: Awaited<ReturnType<typeof startAbuse>>
beforeAll(async () => {
  ctx = await startAbuse()
})
afterAll(async () => {
  expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  await ctx.sandbox.close()
})

/** Opens `path`; counts the frames received until the text `pong`. */
async function counting(path: string) {
  const socket = new WebSocket(`${ctx.sandbox.wsUrl}${path}`)
  let frames = 0
  const first: string[] = []
  let pong: () => void = () => {}
  socket.on('message', (data) => {
    const text = String(data)
    if (text === 'pong') return pong()
    frames++
    if (first.length < 3) first.push(text)
  })
  await once(socket, 'open')
  return {
    socket,
    /** Sends `text`, then a `ping`, and resolves with the frames counted before its `pong`. */
    async exchange(text: string): Promise<{ frames: number; first: unknown[] }> {
      frames = 0
      first.length = 0
      const ponged = new Promise<void>((resolve) => {
        pong = resolve
      })
      socket.send(text)
      socket.send('ping')
      await ponged
      return { frames, first: first.map((frame) => JSON.parse(frame)) }
    },
  }
}

const flood = (count: number, op = 'subscribe') =>
  `{"op":"${op}","args":[${Array.from({ length: count }, () => '{}').join(',')}]}`

describe('one message of 300,000 args', () => {
  test.each(['/v3/ws/public', '/v3/ws/private', '/v2/ws/public', '/v2/ws/private'])(
    '%s: subscribe with 300,000 {} args answers ONE error frame (it answered 300,000)',
    async (path) => {
      const client = await counting(path)
      const answer = await client.exchange(flood(300_000))
      expect(answer).toEqual({
        frames: 1,
        first: [
          {
            event: 'error',
            code: 30007,
            msg: `request over limit: at most ${wsArgsPerMessage} args per message`,
          },
        ],
      })
      // The REST side still answers, and so does the connection.
      const time = await fetch(`${ctx.sandbox.url}/api/v3/public/time`).then((r) => r.json())
      expect(time.code).toBe('00000')
      expect((await client.exchange(flood(1))).frames).toBe(1)
      client.socket.close()
    },
  )

  test('unsubscribe is bounded the same way', async () => {
    const client = await counting('/v3/ws/public')
    expect((await client.exchange(flood(300_000, 'unsubscribe'))).frames).toBe(1)
    client.socket.close()
  })

  test(`${wsArgsPerMessage} args (the bound) are still answered one by one`, async () => {
    const client = await counting('/v3/ws/public')
    expect((await client.exchange(flood(wsArgsPerMessage))).frames).toBe(wsArgsPerMessage)
    client.socket.close()
  })
})

describe('one message nested 5,000 levels deep (10 KB)', () => {
  test.each(['/v3/ws/public', '/v3/ws/private', '/v2/ws/public', '/v2/ws/private'])(
    '%s: answers ONE 30002 before login and the sandbox lives on (echoing it overflowed the stack and ended the process)',
    async (path) => {
      const client = await counting(path)
      const depth = 5000
      const answer = await client.exchange(
        `{"op":"subscribe","args":[${'['.repeat(depth)}${']'.repeat(depth)}]}`,
      )
      expect(answer).toEqual({
        frames: 1,
        first: [
          {
            event: 'error',
            code: 30002,
            msg: `illegal request: at most ${jsonBounds.depth} levels of nesting`,
          },
        ],
      })
      // A deep object in an arg is refused the same way.
      const deepObject = `{"op":"subscribe","args":[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]}`
      expect((await client.exchange(deepObject)).first[0]).toMatchObject({ code: 30002 })
      const time = await fetch(`${ctx.sandbox.url}/api/v3/public/time`).then((r) => r.json())
      expect(time.code).toBe('00000')
      expect((await client.exchange(flood(1))).frames).toBe(1)
      client.socket.close()
    },
  )
})

describe(`a subscribe arg past ${wsArgLength} characters`, () => {
  test('is not kept nor echoed (a 900 KB junk field was kept per channel and re-sent in every push): 30001 without the arg', async () => {
    const client = await connect(`${ctx.sandbox.wsUrl}/v3/ws/public`)
    const ticker = { instType: 'SPOT', topic: 'ticker', symbol: 'ETHUSDT' }
    const junk = 'x'.repeat(900_000)
    client.send({ op: 'subscribe', args: [{ ...ticker, x: junk }] })
    expect(await client.next()).toEqual({
      event: 'error',
      code: 30001,
      msg: 'channel does not exist',
    })
    // Nothing was subscribed: a price change pushes nothing to it; an arg within the bound is
    // still echoed as sent, its extra field too.
    const small = { ...ticker, x: 'y'.repeat(40) }
    client.send({ op: 'subscribe', args: [small] })
    expect(await client.next()).toEqual({ event: 'subscribe', arg: small })
    const snapshot = await client.next()
    expect(snapshot).toMatchObject({ action: 'snapshot', arg: small })
    expect(JSON.stringify(snapshot)).not.toContain('xxxx')
    client.send({ op: 'unsubscribe', args: [{ ...ticker, x: junk }] })
    expect(await client.next()).toMatchObject({ event: 'error', code: 30001 })
    client.close()
  })

  test('on the classic private path too', async () => {
    const client = await connect(`${ctx.sandbox.wsUrl}/v2/ws/private`)
    const arg = {
      instType: 'USDT-FUTURES',
      channel: 'orders',
      instId: 'default',
      x: 'x'.repeat(1000),
    }
    client.send({ op: 'subscribe', args: [arg] })
    expect(await client.next()).toEqual({
      event: 'error',
      code: 30001,
      msg: 'channel does not exist',
    })
    client.close()
  })
})

describe('a peer that stops reading', () => {
  test(`is closed with 1008 once more than ${wsBufferedBytes} bytes wait for it, and the sandbox keeps serving`, {
    timeout: 60_000,
  }, async () => {
    const socket = new WebSocket(`${ctx.sandbox.wsUrl}/v3/ws/public`)
    await once(socket, 'open')
    let frames = 0
    socket.on('message', () => frames++)
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    // The client reads nothing while it asks for about 40 MB of error frames (limits are off).
    const tcp = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
    tcp.pause()
    const message = flood(wsArgsPerMessage)
    const sent = 2000
    for (let i = 0; i < sent; i++) socket.send(message)
    // Until the sandbox lets go of it (it never did: it kept every frame for it), at most 10 s.
    for (let i = 0; i < 400 && ctx.sandbox.admin.ws.connections().public > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25))
    tcp.resume()
    socket.send('ping')
    const pong = new Promise<string>((resolve) =>
      socket.on('message', (data) => String(data) === 'pong' && resolve('pong')),
    )
    expect(await Promise.race([closed, pong])).toBe(1008)
    expect(frames).toBeLessThan(sent * wsArgsPerMessage)
    expect(await health(ctx, 0)).toEqual(['00000', '00000', '00000', '00000'])
  })
})

describe('a peer that sends protocol pings and never reads', () => {
  // `ws` answered every ping frame by itself (autoPong), uncounted and unbounded: 300 MB of pings
  // from a client that never read grew the sandbox to 1.18 GB. Limits are off here, so only the
  // buffered bound stops it.
  test.each([
    ['/v3/ws/public', 'public', 1],
    ['/v2/ws/private', 'private', 2],
  ] as const)(
    `%s: is closed with 1008 once more than ${wsBufferedBytes} bytes of pongs wait for it`,
    {
      timeout: 60_000,
    },
    async (path, kind, n) => {
      const socket = new WebSocket(`${ctx.sandbox.wsUrl}${path}`)
      await once(socket, 'open')
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
      const tcp = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
      tcp.pause()
      // About 40 MB of pings of 125 bytes, the largest a control frame carries: ten times the bound
      // past what the kernel's socket buffers hold.
      const payload = Buffer.alloc(125, 0x61)
      const sent = 300_000
      for (let i = 0; i < sent; i++) socket.ping(payload)
      // Until the sandbox lets go of it (it never did: `ws` buffered every pong), at most 15 s.
      for (let i = 0; i < 600 && ctx.sandbox.admin.ws.connections()[kind] > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25))
      expect(ctx.sandbox.admin.ws.connections()[kind]).toBe(0)
      tcp.resume()
      expect(await closed).toBe(1008)
      expect(await health(ctx, n)).toEqual(['00000', '00000', '00000', '00000'])
    },
  )
})

describe('the subscription budget', () => {
  test(`invalid args count against the ${subscriptionsPerHour} args of an hour (they were free)`, async () => {
    const limited = await start({ rateLimits: true })
    try {
      const client = await connect(`${limited.sandbox.wsUrl}/v3/ws/public`)
      client.send(flood(subscriptionsPerHour))
      const answers = await client.take(subscriptionsPerHour)
      expect(answers.every((answer) => answer.code === 30001)).toBe(true)
      limited.clock.set(limited.sandbox.admin.now() + 1000)
      const ticker = { instType: 'SPOT', topic: 'ticker', symbol: 'ETHUSDT' }
      client.send({ op: 'subscribe', args: [ticker] })
      expect(await client.next()).toEqual({
        event: 'error',
        code: 30007,
        msg: 'request over limit',
        arg: ticker,
      })
      client.close()
    } finally {
      await limited.sandbox.close()
    }
  })
})
