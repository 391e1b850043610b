import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningSandbox, startSandbox } from './server.js'
import { recordedRequestLimit } from './state.js'

let sandbox: RunningSandbox

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, rateLimits: false })
})
afterAll(() => sandbox.close())

describe('admin.requests(): what a test of a client reads of the requests it sent', () => {
  test('records method, path and the User-Agent (undefined when none is sent)', async () => {
    await fetch(`${sandbox.url}/api/v2/public/time`, { headers: { 'user-agent': 'probe/1.0' } })
    const seen = sandbox.admin.requests().at(-1)
    expect(seen).toEqual({
      method: 'GET',
      path: '/api/v2/public/time',
      userAgent: 'probe/1.0',
      channelApiCode: undefined,
    })
  })

  test('records the X-CHANNEL-API-CODE header (a broker code), a test of the optional header reads it', async () => {
    await fetch(`${sandbox.url}/api/v2/public/time`, {
      headers: { 'X-CHANNEL-API-CODE': 'broker-7' },
    })
    expect(sandbox.admin.requests().at(-1)?.channelApiCode).toBe('broker-7')
  })

  test(`keeps the last ${recordedRequestLimit}, oldest first`, async () => {
    for (let i = 0; i < recordedRequestLimit + 5; i++)
      await fetch(`${sandbox.url}/api/v3/public/time`, { headers: { 'user-agent': `n/${i}` } })
    const seen = sandbox.admin.requests()
    expect(seen).toHaveLength(recordedRequestLimit)
    expect(seen[0]?.userAgent).toBe('n/5')
    expect(seen.at(-1)?.userAgent).toBe(`n/${recordedRequestLimit + 4}`)
  })
})
