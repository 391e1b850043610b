import { describe, expect, test } from 'vitest'
import { loadWebSocket, oversize, payloadRefused } from './socket.js'

describe('oversize', () => {
  test('a text is counted in UTF-8 bytes: 1, 2, 3 and 4 bytes a character', () => {
    expect(oversize('a'.repeat(1024), 1024)).toBeUndefined()
    expect(oversize('a'.repeat(1025), 1024)).toBe(1025)
    // 'é' is 2 bytes, '€' 3, '😀' 4 (two UTF-16 units): 512 + 1 characters over 1024 bytes
    expect(oversize('é'.repeat(512), 1024)).toBeUndefined()
    expect(oversize('é'.repeat(513), 1024)).toBe(1026)
    expect(oversize('€'.repeat(342), 1024)).toBe(1026)
    expect(oversize('😀'.repeat(256), 1024)).toBeUndefined()
    expect(oversize('😀'.repeat(257), 1024)).toBe(1028)
    // a lone surrogate is written as U+FFFD, 3 bytes
    expect(oversize('\ud800'.repeat(342), 1024)).toBe(1026)
  })

  test('bytes by their length; anything else is not measured', () => {
    expect(oversize(new ArrayBuffer(1025), 1024)).toBe(1025)
    expect(oversize(new Uint8Array(2048).subarray(0, 1024), 1024)).toBeUndefined()
    expect(oversize({ size: 1e9 }, 1024)).toBeUndefined()
  })
})

describe('payloadRefused', () => {
  test("the ws package's refusal of a frame over maxPayload, and nothing else", () => {
    const refused = Object.assign(new RangeError('Max payload size exceeded'), {
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
    })
    expect(payloadRefused({ error: refused })).toBe(true)
    expect(payloadRefused({ error: new Error('ECONNRESET') })).toBe(false)
    expect(payloadRefused(null)).toBe(false)
  })
})

describe('loadWebSocket', () => {
  test("in Node the default WebSocket is the ws package's; a given class wins", async () => {
    const { WebSocket: Ws } = await import('ws')
    expect(await loadWebSocket()).toBe(Ws)
    class Given {}
    expect(await loadWebSocket(Given as never)).toBe(Given)
  })
})
