import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { cpuList, rawCall } from './cpu.mjs'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { credentials } from './raw.mjs'

type Answer = { orderId: string; clientOid: string }
type Contender = { id: string; does: string }

describe('the raw baseline of the in-memory measure', () => {
  it('parses the answer to its own order each call: a new orderId and its own clientOid', () => {
    const call: () => Answer = rawCall(credentials)
    const first = call()
    const second = call()
    expect(first.orderId).not.toBe(second.orderId)
    expect(first.clientOid).not.toBe(second.clientOid)
    expect(first.clientOid).toMatch(/^r\d+$/)
  })

  it('is the first row (every contender is measured against it) and keeps the old form as rawFixed', () => {
    const list: Contender[] = cpuList
    expect(list[0]?.id).toBe('raw')
    expect(list.find((c) => c.id === 'rawFixed')?.does).toMatch(/unchanging answer/)
  })
})
