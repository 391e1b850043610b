import { describe, expect, test } from 'vitest'
import { formatRequestLog, type RequestLogEntry } from './requestLog.js'
import { startSandbox } from './server.js'

describe('onRequest', () => {
  test('one entry per answered request, timed on the sandbox clock, the path without its query', async () => {
    const entries: RequestLogEntry[] = []
    const sandbox = await startSandbox({ port: 0, onRequest: (entry) => entries.push(entry) })
    try {
      const before = sandbox.admin.now()
      await fetch(`${sandbox.url}/api/v3/public/time?x=1`)
      sandbox.admin.advanceClock(60_000)
      const response = await fetch(
        `${sandbox.url}/api/v2/mix/market/ticker?symbol=NOPE&productType=USDT-FUTURES`,
      )
      // The answer reaches the caller untouched after its code was read for the log.
      const body = (await response.json()) as { code: string }
      expect(entries.map(({ method, path, status, code }) => [method, path, status, code])).toEqual(
        [
          ['GET', '/api/v3/public/time', 200, '00000'],
          ['GET', '/api/v2/mix/market/ticker', response.status, body.code],
        ],
      )
      expect(body.code).not.toBe('00000')
      expect(entries[0]?.time).toBeGreaterThanOrEqual(before)
      expect((entries[1]?.time ?? 0) - (entries[0]?.time ?? 0)).toBeGreaterThanOrEqual(60_000)
    } finally {
      await sandbox.close()
    }
  })

  test('a line: ISO time, method, path, status, code or -, ms', () => {
    expect(
      formatRequestLog({ time: 0, method: 'GET', path: '/x', status: 404, code: undefined, ms: 3 }),
    ).toBe('1970-01-01T00:00:00.000Z GET /x 404 - 3 ms')
  })
})
