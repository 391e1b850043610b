// A request that offers an upgrade to another protocol than WebSocket (`curl --http2` offers h2c
// over plain HTTP) was answered a bare 404 without the envelope: Node hands such a request to the
// server's `upgrade` event, which only knew WebSocket paths.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start({ strict: false })
})
afterAll(async () => {
  await ctx.sandbox.close()
})

/** Sends `text` on a new connection and resolves with everything read until the server closes. */
function exchange(text: string): Promise<string> {
  const { hostname, port } = new URL(ctx.sandbox.url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
  })
}

const h2c =
  'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n'

describe('an upgrade offer of another protocol than WebSocket', () => {
  test('a GET offering h2c is served over HTTP/1.1 with its envelope, and the connection closed', async () => {
    const answer = await exchange(
      `GET /api/v3/public/time HTTP/1.1\r\nHost: 127.0.0.1\r\n${h2c}\r\n`,
    )
    const [head, body] = answer.split('\r\n\r\n')
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 200 OK')
    expect(JSON.parse(body ?? '').code).toBe('00000')
  })

  test('an unknown path offering h2c answers the 404 envelope, not a bare 404', async () => {
    const answer = await exchange(`GET /nope HTTP/1.1\r\nHost: 127.0.0.1\r\n${h2c}\r\n`)
    const [head, body] = answer.split('\r\n\r\n')
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found')
    expect(JSON.parse(body ?? '').code).toBe('40404')
  })

  test('a POST with a body offering h2c is answered 400 40017 naming the Upgrade header; nothing is applied', async () => {
    const body = '{"category":"SPOT","orderId":"1"}'
    const answer = await exchange(
      `POST /api/v3/trade/cancel-order HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${h2c}\r\n${body}`,
    )
    const [head, text] = answer.split('\r\n\r\n')
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request')
    const envelope = JSON.parse(text ?? '')
    expect([envelope.code, envelope.msg.startsWith('Upgrade: ')]).toEqual(['40017', true])
  })
})
