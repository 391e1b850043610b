// The documented pushes of the private stream (fixtures/exchange/uta.ws.private.*, sources in
// its SOURCES.md) read into the stream's record types: every field the push sets comes out set
// (under its REST name), none is lost.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { readPush, type Topic } from './records.js'

const folder = fileURLToPath(new URL('../../../../fixtures/exchange/', import.meta.url))
const files = readdirSync(folder).filter((name) => name.startsWith('uta.ws.private.'))
const renamed: Readonly<Record<string, string>> = {
  execTime: 'createdTime',
  holdSide: 'posSide',
  // The position push's names for the current-position record's.
  size: 'total',
  marginSize: 'positionBalance',
  totalFundingFee: 'totalFunding',
  liqPrice: 'liquidationPrice',
}

describe('documented pushes', () => {
  test('the fast-fill, position (ended) and strategy-order examples are among them', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'uta.ws.private.fast-fill.json',
        'uta.ws.private.position.ended.json',
        'uta.ws.private.strategy-order.json',
      ]),
    )
  })

  test.each(files)('%s reads; every field kept, set fields set', (name) => {
    const push = JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as {
      arg: { topic: Topic }
      data: unknown
    }
    const records = Array.isArray(push.data) ? push.data : [push.data]
    for (const raw of records as Record<string, unknown>[]) {
      const record = readPush(push.arg.topic, raw) as Record<string, unknown>
      for (const [key, value] of Object.entries(raw)) {
        const field = renamed[key] ?? key
        expect(record).toHaveProperty(field)
        if (value !== '') expect(record[field], `${field} of ${name}`).not.toBeNull()
      }
      if ('category' in raw) expect(record.category).toBe(String(raw.category).toUpperCase())
    }
  })
})
