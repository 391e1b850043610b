import { describe, expect, it } from 'vitest'
import { cpuList, rawCall } from './cpu.mjs'
import { credentials } from './raw.mjs'

describe('the raw baseline of the in-memory measure', () => {
  it('parses the answer to its own order each call: a new orderId and its own clientOid', () => {
    const call = rawCall(credentials)
    const first = call() as { orderId: string; clientOid: string }
    const second = call() as { orderId: string; clientOid: string }
    expect(first.orderId).not.toBe(second.orderId)
    expect(first.clientOid).not.toBe(second.clientOid)
    expect(first.clientOid).toMatch(/^r\d+$/)
  })

  it('is the first row (every contender is measured against it) and keeps the old form as rawFixed', () => {
    expect(cpuList[0]?.id).toBe('raw')
    const fixed = cpuList.find((c) => c.id === 'rawFixed')
    expect(fixed?.does).toMatch(/unchanging answer/)
  })
})
