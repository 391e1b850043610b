// A failure of the sandbox itself answers HTTP 500 with 40015 (the exchange's "System is
// abnormal"), never 45001: that code is the injected faults' "outcome unknown", which would send
// a client looking for an order a sandbox bug never placed. Each is counted and reported, so a
// suite can assert that none happened.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Route } from '../exchange.js'
import { internalError, logInternalError } from '../internalErrors.js'
import { type RunningSandbox, startSandbox } from '../server.js'
import { fixedClock } from '../test/helpers.js'
import { T0 } from '../test/unified.js'

const broken: Route = {
  id: 'abuse.broken',
  method: 'GET',
  path: '/api/v3/abuse/broken',
  auth: false,
  handle() {
    // A bug: reading a field of what is not there. Its message quotes a value a caller sent.
    const value = { secret: 'do-not-print' } as Record<string, unknown>
    throw new TypeError(`Cannot read properties of undefined (reading ${String(value.secret)})`)
  },
}

let sandbox: RunningSandbox
const reported: { error: unknown; request: { method: string; path: string } }[] = []

beforeAll(async () => {
  sandbox = await startSandbox({
    clock: fixedClock(T0),
    seed: 3,
    rateLimits: false,
    routes: [broken],
    onInternalError: (error, request) => reported.push({ error, request }),
  })
})
afterAll(async () => {
  await sandbox.close()
})

describe('internal errors', () => {
  test('answer HTTP 500 with 40015 and a fixed message (the error is not quoted), counted and reported', async () => {
    const response = await fetch(`${sandbox.url}/api/v3/abuse/broken`)
    expect(response.status).toBe(500)
    const body = await response.json()
    expect([body.code, body.msg]).toEqual(['40015', 'System is abnormal, please try again later'])
    expect(JSON.stringify(body)).not.toContain('do-not-print')
    expect(sandbox.sandbox.internalErrors.count).toBe(1)
    expect(sandbox.sandbox.internalErrors.recent).toEqual([
      { method: 'GET', path: '/api/v3/abuse/broken', name: 'TypeError' },
    ])
    expect(reported.map((r) => r.request)).toEqual([
      { method: 'GET', path: '/api/v3/abuse/broken' },
    ])
  })

  test('an internal error of an admin route is a 500 too, not a 400 quoting the error', async () => {
    const before = sandbox.sandbox.internalErrors.count
    const original = sandbox.admin.state
    sandbox.admin.state = () => {
      throw new TypeError('x is not a function')
    }
    try {
      const response = await fetch(`${sandbox.url}/sandbox/state`)
      expect([response.status, (await response.json()).code]).toEqual([500, internalError.code])
    } finally {
      sandbox.admin.state = original
    }
    expect(sandbox.sandbox.internalErrors.count).toBe(before + 1)
  })

  test('45001 is still what a fault asks for', async () => {
    sandbox.admin.injectFault({ path: '/api/v3/public/time', kind: 'code-before', code: '45001' })
    const body = await fetch(`${sandbox.url}/api/v3/public/time`).then((r) => r.json())
    expect(body.code).toBe('45001')
  })
})

describe('logInternalError (the default report)', () => {
  test('prints the method, path, name and stack frames, never the message (it may quote a request)', () => {
    const lines: unknown[][] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void lines.push(args))
    try {
      logInternalError(new TypeError('secret-in-message'), { method: 'POST', path: '/p' })
    } finally {
      spy.mockRestore()
    }
    const printed = lines.flat().join('\n')
    expect(printed).toContain('internal error on POST /p')
    expect(printed).toContain('TypeError')
    expect(printed).toMatch(/\n\s+at /)
    expect(printed).not.toContain('secret-in-message')
  })
})
