// Uploads that stall: each held up to 1 MiB for Node's 300 s request timeout, with no bound on
// how many (600 of them: 696 MB). Now the bytes of every body being read are bounded together
// (bodyBytesInFlightLimit; past it HTTP 429 in the envelope), and a request that does not arrive
// within requestTimeoutMs is answered 408 and closed, releasing what it held.
import { connect, type Socket } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { bodyBytesInFlight, bodyBytesInFlightLimit, bodyLimitBytes } from '../body.js'
import { type RunningSandbox, requestTimeoutMs, startSandbox } from '../server.js'

const opened: RunningSandbox[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

async function open(options: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox({ rateLimits: false, ...options })
  opened.push(sandbox)
  return sandbox
}

/** Waits (bounded, about 10 s) until `check` holds; the test then asserts it. */
async function until(check: () => boolean) {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

/**
 * Opens an admin upload that declares a full body and sends all of it but its last byte; answers
 * what the server sends back (text) and whether it closed.
 */
async function stalledUpload(sandbox: RunningSandbox, sent: number) {
  const port = Number(new URL(sandbox.url).port)
  const socket = connect(port, '127.0.0.1')
  sockets.push(socket)
  socket.on('error', () => {})
  const state = { answer: '', closed: false }
  socket.on('data', (data) => {
    state.answer += String(data)
  })
  socket.on('close', () => {
    state.closed = true
  })
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(
    `POST /sandbox/prices HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: ${sent + 1}\r\n\r\n`,
  )
  await new Promise((resolve) => socket.write(Buffer.alloc(sent, 0x20), resolve))
  return state
}

describe('stalled uploads', () => {
  test(`hold at most ${bodyBytesInFlightLimit} bytes together: the upload past it gets 429 in the envelope and is closed`, {
    timeout: 60_000,
  }, async () => {
    const sandbox = await open()
    const size = bodyLimitBytes - 1
    const fit = Math.floor(bodyBytesInFlightLimit / size)
    const stalled = []
    for (let i = 0; i < fit; i++) stalled.push(await stalledUpload(sandbox, size))
    await until(() => bodyBytesInFlight() === fit * size)
    expect(bodyBytesInFlight()).toBe(fit * size)
    const refused = await stalledUpload(sandbox, size)
    await until(() => refused.closed)
    expect(refused.answer).toMatch(/^HTTP\/1.1 429 /)
    expect(refused.answer).toContain('"code":"429"')
    expect(refused.answer).toContain(`more than ${bodyBytesInFlightLimit} bytes`)
    expect(bodyBytesInFlight()).toBeLessThanOrEqual(bodyBytesInFlightLimit)
    expect(stalled.every((upload) => !upload.closed)).toBe(true)
    // The clients go away: everything they held is released, and nothing counts as an internal error.
    for (const socket of sockets) socket.destroy()
    await until(() => bodyBytesInFlight() === 0)
    expect(bodyBytesInFlight()).toBe(0)
    expect(sandbox.sandbox.internalErrors.count).toBe(0)
    const time = await (await fetch(`${sandbox.url}/api/v3/public/time`)).json()
    expect(time.code).toBe('00000')
  })

  test(`a request that has not arrived within the request timeout (${requestTimeoutMs} ms; 300 s was Node's) is answered 408 and closed, its bytes released`, async () => {
    const sandbox = await open({ requestTimeoutMs: 200 })
    const upload = await stalledUpload(sandbox, 1000)
    await until(() => upload.closed)
    expect(upload.answer).toMatch(/^HTTP\/1.1 408 /)
    await until(() => bodyBytesInFlight() === 0)
    expect(bodyBytesInFlight()).toBe(0)
    expect(sandbox.sandbox.internalErrors.count).toBe(0)
  })
})
