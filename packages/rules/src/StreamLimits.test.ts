import { describe, expect, test } from 'vitest'
import { streamLimits } from './StreamLimits.js'

describe('streamLimits', () => {
  test('the classic WebSocket intro (docs/exchange-conventions.md, WebSocket limits): "300 connects/IP/5 min", "240 subscribes/hour/connection", "<=10 messages/s/connection incl. ping"; assumed for v3', () => {
    expect(streamLimits.connect).toMatchObject([
      { kind: 'window', scope: 'ip', limit: 300, windowMs: 300_000 },
    ])
    expect(streamLimits.subscribe).toMatchObject([
      { kind: 'window', limit: 240, windowMs: 3_600_000 },
    ])
    expect(streamLimits.message).toMatchObject([{ kind: 'window', limit: 10, windowMs: 1000 }])
    for (const rules of Object.values(streamLimits))
      for (const rule of rules) {
        expect(rule).toMatchObject({ assumed: true })
        expect(rule.source).toContain('not confirmed for the v3 stream')
      }
  })
})
