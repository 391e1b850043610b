// A client that gives up mid-upload (a timeout, a crash, a closed tab): the read of its body fails
// with ECONNRESET. That is the caller's doing, so it is no internal error (40015 is "never a
// caller's input", README "Errors"): the read ends as a dropped connection, nothing is counted or
// printed, and the sandbox keeps serving.
import { createHmac } from 'node:crypto'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSandboxApp } from '../app.js'
import { DroppedConnectionError } from '../exchange.js'
import { startSandbox } from '../server.js'

const reported: string[] = []
let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 3,
    rateLimits: false,
    onInternalError: (error, request) =>
      reported.push(`${request.method} ${request.path}: ${(error as Error).name}`),
  })
})
afterAll(async () => {
  await sandbox.close()
})

/**
 * Sends the headers and part of a 100-byte body, then resets the connection; answers the internal
 * errors reported for it.
 */
async function abortMidBody(path: string, headers: Record<string, string> = {}) {
  reported.length = 0
  const port = Number(new URL(sandbox.url).port)
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  await new Promise((resolve) => socket.once('connect', resolve))
  const lines = Object.entries({
    host: `127.0.0.1:${port}`,
    'content-type': 'application/json',
    'content-length': '100',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`)
  // The request reaches the route (its first body bytes are read) before the reset.
  await new Promise((resolve) =>
    socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n{"symbol":`, resolve),
  )
  await new Promise((resolve) => setTimeout(resolve, 50))
  socket.resetAndDestroy()
  // Bounded: the old code had counted it within a few ms; here it never is.
  for (let i = 0; i < 40 && reported.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10))
  return [...reported]
}

describe('a client that resets its connection mid-body', () => {
  test('on an admin route: no internal error, none reported', async () => {
    expect(await abortMidBody('/sandbox/prices')).toEqual([])
    expect(sandbox.sandbox.internalErrors.count).toBe(0)
  })

  test('on a signed place-order: no internal error; the sandbox still answers', async () => {
    const { apiKey, secret, passphrase } = sandbox.credentials
    const timestamp = String(sandbox.admin.now())
    const path = '/api/v3/trade/place-order'
    const sign = createHmac('sha256', secret).update(`${timestamp}POST${path}`).digest('base64')
    const headers = {
      'ACCESS-KEY': apiKey,
      'ACCESS-SIGN': sign,
      'ACCESS-PASSPHRASE': passphrase,
      'ACCESS-TIMESTAMP': timestamp,
    }
    expect(await abortMidBody(path, headers)).toEqual([])
    expect(sandbox.sandbox.internalErrors.count).toBe(0)
    const time = await (await fetch(`${sandbox.url}/api/v3/public/time`)).json()
    expect(time.code).toBe('00000')
  })

  test('embedded: a body stream that fails mid-read ends as a DroppedConnectionError, not 40015', async () => {
    const embedded = createSandboxApp({ rateLimits: false, onInternalError: () => {} })
    let sent = false
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent)
          return controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
        sent = true
        controller.enqueue(new TextEncoder().encode('{"symbol":'))
      },
    })
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
    const answer = Promise.resolve(
      embedded.app.request(
        '/sandbox/prices',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          duplex: 'half',
        } as RequestInit,
        local as never,
      ),
    )
    await expect(answer).rejects.toBeInstanceOf(DroppedConnectionError)
    expect(embedded.internalErrors.count).toBe(0)
  })
})
