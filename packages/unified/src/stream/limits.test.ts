// The exchange's stream limits (10 messages a second per connection, `ping` included; 240
// subscriptions an hour) kept by the limiter of @tradeline/rate-limit, against a sandbox that
// enforces them (30006 and a close with 1008, as the exchange disconnects / 30007); and the `ws`
// package's WebSocket as the socket.

import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { StreamEvent } from '@tradeline/core'
import { streamMarginMs } from '@tradeline/rate-limit'
import { streamLimits } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { describe, expect, test } from 'vitest'
import { WebSocket as Ws } from 'ws'
import { placeOrder } from '../actions/placeOrder.js'
import { createUnifiedClient } from '../createUnifiedClient.js'
import { restingBuy } from '../test/sandbox.js'
import { eventually, take } from '../test/streams.js'
import { createUnifiedStream } from './createUnifiedStream.js'

/** The `ws` WebSocket, counting what it sends and the answers (`event` messages) it gets. */
function countingWebSocket() {
  const counted = { sent: 0, answers: 0, closes: [] as number[] }
  class Counting extends Ws {
    constructor(url: string) {
      super(url)
      const send = this.send.bind(this)
      this.send = ((data: string) => {
        counted.sent++
        send(data)
      }) as typeof this.send
      this.on('message', (data) => {
        if (String(data).startsWith('{"event"')) counted.answers++
      })
      this.on('close', (code) => counted.closes.push(code))
    }
  }
  return { counted, WebSocket: Counting as never }
}

/**
 * Subscribes and unsubscribes the four topics `rounds` times as fast as the caller can, waits
 * until every message left (login, 8 per round) and was answered, or until the sandbox closed
 * the connection past the limit; returns the errors the exchange answered and the close codes.
 */
async function churn(limits: false | { marginMs: number }, rounds: number) {
  const sandbox = await startSandbox({ port: 0, rateLimits: true, strict: true })
  const client = createUnifiedClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    rateLimiter: false,
  })
  const { counted, WebSocket } = countingWebSocket()
  const stream = createUnifiedStream(client, {
    credentials: sandbox.credentials,
    limits,
    WebSocket,
  })
  const errors: unknown[] = []
  stream.on('connection', (event: StreamEvent) => {
    if (event.type === 'error') errors.push(event.error)
  })
  try {
    await stream.ready()
    for (let i = 0; i < rounds; i++) {
      const iterators = [stream.orders(), stream.fills(), stream.positions(), stream.account()]
      await Promise.all(iterators.map((it) => it.return?.()))
    }
    const closed = () => counted.closes.length > 0
    await eventually(
      () => counted.sent === 1 + 8 * rounds || closed(),
      'every message sent',
      25_000,
    )
    // Each message is answered (an ack or its refusal): waited for as that, not as 300 ms.
    await eventually(() => counted.answers === counted.sent || closed(), 'every answer', 25_000)
    return { errors: errors.map((e) => String((e as Error).message)), closes: [...counted.closes] }
  } finally {
    await stream.close()
    await sandbox.close()
  }
}

describe('stream limits', () => {
  test('the rules rows: 10 messages a second, 240 subscriptions an hour, 300 connections in 5 min (assumed: classic facts)', () => {
    expect(streamLimits.message).toMatchObject([{ limit: 10, windowMs: 1000, assumed: true }])
    expect(streamLimits.subscribe).toMatchObject([{ limit: 240, windowMs: 3_600_000 }])
    expect(streamLimits.connect).toMatchObject([{ limit: 300, windowMs: 300_000, scope: 'ip' }])
  })

  test('a burst of 24 subscribe and 24 unsubscribe messages: none refused with the limiter (without it: 30006 and the connection closed with 1008)', async () => {
    // The sandbox shares this process, so it reads a message when the event loop gets to it:
    // a busy machine delays one message by the loop's lag and the next one a window later
    // reaches it closer than a window. The margin is four times the lag measured here, at least
    // 500 ms (the default margin covers a network's ordinary jitter, not a loaded machine).
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const marginMs = Math.min(2000, Math.max(5 * streamMarginMs, 4 * Math.ceil(lag.max / 1e6)))
    lag.disable()
    const kept = await churn({ marginMs }, 6)
    expect(kept).toEqual({ errors: [], closes: [] })
    const unkept = await churn(false, 6)
    expect(unkept.closes).toContain(1008)
    expect(unkept.errors.some((m) => m.includes('30006'))).toBe(true)
  }, 60_000)
})

describe('the WebSocket class', () => {
  test('the `ws` package works as the socket (`WebSocket: ws.WebSocket`)', async () => {
    const sandbox = await startSandbox({ port: 0, rateLimits: false, strict: true })
    const client = createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      instruments: false,
      positionMode: false,
    })
    const stream = createUnifiedStream(client, {
      credentials: sandbox.credentials,
      WebSocket: Ws as never,
    })
    try {
      const orders = stream.orders()
      await stream.ready()
      const ack = await placeOrder(client, restingBuy)
      const [order] = await take(orders, 1)
      expect(order?.orderId).toBe(ack.orderId)
    } finally {
      await stream.close()
      await sandbox.close()
    }
  })
})
