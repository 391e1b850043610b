import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { getTransferRecords, transferRecordsPaging } from './getTransferRecords.js'

const issuesOf = issuesFor(getTransferRecords)

describe('getTransferRecords', () => {
  test('is GET /api/v3/stockplus/asset/transfer-records', () => {
    expect([getTransferRecords.id, getTransferRecords.method, getTransferRecords.path]).toEqual([
      'securities.getTransferRecords',
      'GET',
      '/api/v3/stockplus/asset/transfer-records',
    ])
  })

  test('every field is optional; times are Unix milliseconds sent as strings', () => {
    expect(issuesOf({})).toEqual([])
    expect(
      Endpoint.check(getTransferRecords, { startTime: 1767225600000, endTime: '1769904000000' }),
    ).toEqual({ success: true, output: { startTime: '1767225600000', endTime: '1769904000000' } })
    expect(issuesOf({ startTime: 1.5 })).toEqual([['format', 'startTime']])
    expect(issuesOf({ startTime: '1769904000000', endTime: '1767225600000' })).toEqual([
      ['range', 'startTime'],
    ])
  })

  test('limit from 1 to 100; transferId and cursor are opaque ids', () => {
    expect(transferRecordsPaging).toEqual({ defaultLimit: 20, maxLimit: 100 })
    expect(issuesOf({ limit: 100, cursor: '6000000001', transferId: '6000000002' })).toEqual([])
    expect(issuesOf({ limit: 101 })).toEqual([['range', 'limit']])
    expect(issuesOf({ limit: 0 })).toEqual([['range', 'limit']])
    expect(issuesOf({ cursor: '' })).toHaveLength(1)
  })
})
