// The per-IP limits of WebSocket connections over real loopback: every client here is 127.0.0.1.
import { afterEach, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import type { RunningSandbox } from '../server.js'
import { start } from '../test/unified.js'
import { connect, type WsClient } from '../test/ws.js'
import { connectionsPerIp, connectsPerWindow, connectWindowMs } from './ipGate.js'
import { channelsPerConnection, subscriptionsPerHour } from './server.js'

const opened: RunningSandbox[] = []
const clients: WsClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate()
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

async function open(rateLimits: boolean) {
  const started = await start({ rateLimits })
  opened.push(started.sandbox)
  const url = (path: string) => `${started.sandbox.wsUrl}${path}`
  const client = async (path = '/v3/ws/public') => {
    const opened = await connect(url(path))
    clients.push(opened)
    return opened
  }
  return { ...started, url, client }
}

/** The HTTP status and `Retry-After` of a refused upgrade. */
function refusal(url: string): Promise<{ status: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    socket.once('unexpected-response', (_request, response) => {
      resolve({
        status: response.statusCode ?? 0,
        retryAfter: response.headers['retry-after'] as string | undefined,
      })
      socket.terminate()
    })
    socket.once('open', () => {
      socket.terminate()
      reject(new Error('the upgrade was accepted'))
    })
    socket.once('error', () => {})
  })
}

describe('per-IP connection limits (rate limits on)', () => {
  test(`${connectionsPerIp} connections open at once over every path; the next is refused HTTP 429 until one closes`, async () => {
    const { client, url } = await open(true)
    const paths = ['/v3/ws/public', '/v3/ws/private', '/v2/ws/public', '/v2/ws/private']
    const held: WsClient[] = []
    for (let i = 0; i < connectionsPerIp; i++) held.push(await client(paths[i % paths.length]))
    expect(await refusal(url('/v3/ws/private'))).toEqual({ status: 429, retryAfter: '1' })
    held[0]?.close()
    await held[0]?.closed
    const again = await client()
    expect(again.socket.readyState).toBe(WebSocket.OPEN)
  })

  test(`${connectsPerWindow} connection requests in 5 minutes; the next is refused with the seconds to wait, and served once the window moved on`, async () => {
    const { client, url, sandbox } = await open(true)
    for (let i = 0; i < connectsPerWindow; i++) {
      const one = await client()
      one.close()
      await one.closed
    }
    expect(await refusal(url('/v3/ws/public'))).toEqual({
      status: 429,
      retryAfter: String(connectWindowMs / 1000),
    })
    // A refused request counts too: the window is still full a minute later.
    sandbox.admin.advanceClock(60_000)
    expect(await refusal(url('/v3/ws/public'))).toMatchObject({ status: 429 })
    sandbox.admin.advanceClock(connectWindowMs - 60_000)
    expect((await client()).socket.readyState).toBe(WebSocket.OPEN)
  })

  test(`a connection holds at most ${channelsPerConnection} channels; a new one past that is answered 30007, a held one is still answered`, async () => {
    const { client, sandbox } = await open(true)
    const [spot] = sandbox.admin.state().instruments.filter((i) => i.category === 'SPOT')
    if (spot === undefined) throw new Error('the sandbox has no spot instrument')
    const symbols = Array.from({ length: channelsPerConnection + 1 }, (_, i) => `X${i}USDT`)
    for (const symbol of symbols) sandbox.admin.setInstrument({ ...spot, symbol })
    const socket = await client()
    const ticker = (symbol: string) => ({ instType: 'spot', topic: 'ticker', symbol })
    /** The answers (`event` frames) to `count` args; pushes in between are skipped. */
    const answers = async (count: number) => {
      const out: { event?: string; code?: number; arg?: unknown }[] = []
      while (out.length < count) {
        const message = await socket.next()
        if (typeof message === 'object' && 'event' in message) out.push(message)
      }
      return out
    }
    const all: { event?: string; code?: number }[] = []
    for (let sent = 0; sent < symbols.length; sent += subscriptionsPerHour) {
      const args = symbols.slice(sent, sent + subscriptionsPerHour).map(ticker)
      socket.send({ op: 'subscribe', args })
      all.push(...(await answers(args.length)))
      sandbox.admin.advanceClock(3_600_000)
    }
    expect(all.slice(0, channelsPerConnection).filter((a) => a.event !== 'subscribe')).toEqual([])
    expect(all[channelsPerConnection]).toMatchObject({ event: 'error', code: 30007 })
    socket.send({ op: 'subscribe', args: [ticker('X0USDT')] })
    expect(await answers(1)).toEqual([{ event: 'subscribe', arg: ticker('X0USDT') }])
  })
})

test('with rate limits off, more than the per-IP limits are served', async () => {
  const { client } = await open(false)
  const held: WsClient[] = []
  for (let i = 0; i < connectionsPerIp + 5; i++) held.push(await client())
  expect(held.every((one) => one.socket.readyState === WebSocket.OPEN)).toBe(true)
})
