// The documented pushes of the private stream (fixtures/exchange/uta.ws.private.*, sources in
// its SOURCES.md) read into the stream's record types: every field the push sets comes out set
// (under its REST name), none is lost.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { closedPosition, readPush, type Topic } from './records.js'

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

  test('a position the stream reports closed (not in a new snapshot) reads as the documented ended push', () => {
    const push = JSON.parse(
      readFileSync(`${folder}uta.ws.private.position.ended.json`, 'utf8'),
    ) as { data: Record<string, unknown>[] }
    const ended = push.data[0] as Record<string, unknown>
    const documented = readPush('position', ended) as Record<string, unknown>
    // The same position while open: other numbers, the same leverage and mark price.
    const open = readPush('position', {
      ...ended,
      positionStatus: 'normal',
      size: '0.5',
      available: '0.5',
      marginSize: '2374.6775',
      avgPrice: '94987.1',
      unrealisedPnl: '12.3',
      liqPrice: '90000',
      mmr: '0.004',
      profitRate: '0.01',
      breakEvenPrice: '95000',
      openFeeTotal: '-28.4961',
      closeFeeTotal: '',
      curRealisedPnl: '-1',
      totalFundingFee: '-0.5',
    })
    expect(closedPosition(open)).toEqual(documented)
  })
})
