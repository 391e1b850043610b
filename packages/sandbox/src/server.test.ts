import { describe, expect, test } from 'vitest'
import { startSandbox } from './server.js'

describe('startSandbox', () => {
  test('recordRequests: every request received is logged (method and path, no query); off by default', async () => {
    const recording = await startSandbox({ rateLimits: false, recordRequests: true })
    const silent = await startSandbox({ rateLimits: false })
    try {
      for (const { url } of [recording, silent]) {
        await (await fetch(`${url}/api/v2/public/time?x=1`)).text()
        await (
          await fetch(`${url}/api/v3/trade/place-order`, { method: 'POST', body: '{}' })
        ).text()
      }
      expect(recording.requests).toEqual([
        { method: 'GET', path: '/api/v2/public/time' },
        { method: 'POST', path: '/api/v3/trade/place-order' },
      ])
      expect(silent.requests).toEqual([])
    } finally {
      await recording.close()
      await silent.close()
    }
  })
})
