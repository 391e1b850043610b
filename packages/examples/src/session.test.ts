import { describe, expect, test } from 'vitest'
import { runDemo } from './session.js'

describe('runDemo', () => {
  test('every step of the demo session behaves as the demo says, within the rate limits', async () => {
    const { rows, failures, facts, responses } = await runDemo()
    expect(rows.filter((row) => row[2].startsWith('UNEXPECTED'))).toEqual([])
    expect(failures).toBe(0)
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)))
    expect(rows.map((row) => row[1].split('(')[0])).toEqual([
      'market.getStates',
      'orders.getOpen',
      'Endpoint.check',
      'TickSize.round*, then check, hedge mode',
      'orders.place',
      'orders.modify',
      'orders.cancel',
      'orders.place',
      'batch.place',
      'strategy.place',
      'DeadManSwitch',
      'admin.advanceClock',
      'orders.getOpen',
      'orders.getOpen',
      'orders.getOpen',
      'orders.getOpen',
    ])
    expect(facts).toMatchObject({
      openAfterReconcile: 1,
      progress: ['20/50', '40/50', '50/50'],
      batch: { ok: 49, rejected: 1, failed: 0 },
      strategyStatus: 'success',
      heartbeats: 3,
      openAfterLapse: 0,
      cancelledByCountdown: 50,
    })
    expect(rows[12]?.[2]).toContain('40012')
    expect(responses.tooManyRequests).toBe(0)
    expect(responses.total).toBeGreaterThan(20)
  }, 30_000)
})
