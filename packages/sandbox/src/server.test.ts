import { createHmac } from 'node:crypto'
import { describe, expect, test, vi } from 'vitest'
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

describe('close', () => {
  test('ends the wait of a delay fault: its call is not handled (no order placed), and its timer is cleared (it held the process open for the delay)', async () => {
    const sandbox = await startSandbox({ rateLimits: false })
    const path = '/api/v3/trade/place-order'
    const delayMs = 600_000
    sandbox.admin.injectFault({ path, kind: 'delay', delayMs })
    const set = vi.spyOn(globalThis, 'setTimeout')
    const clear = vi.spyOn(globalThis, 'clearTimeout')
    try {
      const body = JSON.stringify({
        category: 'SPOT',
        symbol: 'ETHUSDT',
        side: 'buy',
        orderType: 'limit',
        qty: '1',
        price: '3000',
        clientOid: 'delayed-1',
      })
      const timestamp = String(sandbox.admin.now())
      const sent = fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          'ACCESS-KEY': sandbox.credentials.apiKey,
          'ACCESS-PASSPHRASE': sandbox.credentials.passphrase,
          'ACCESS-TIMESTAMP': timestamp,
          'ACCESS-SIGN': createHmac('sha256', sandbox.credentials.secret)
            .update(`${timestamp}POST${path}${body}`)
            .digest('base64'),
        },
      }).then(
        (response) => response.status,
        () => 'closed',
      )
      const delayTimer = () => set.mock.results[set.mock.calls.findIndex((c) => c[1] === delayMs)]
      // The call waits on the fault's timer once it reached it.
      while (delayTimer() === undefined) await new Promise((resolve) => setImmediate(resolve))
      await sandbox.close()
      expect(clear.mock.calls.map((c) => c[0])).toContain(delayTimer()?.value)
      expect(await sent).toBe('closed')
      expect(sandbox.admin.state().orders.filter((o) => o.clientOid === 'delayed-1')).toEqual([])
    } finally {
      set.mockRestore()
      clear.mockRestore()
      await sandbox.close()
    }
  })
})
