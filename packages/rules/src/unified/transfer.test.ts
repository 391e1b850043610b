import { describe, expect, test } from 'vitest'
import { accountTypes } from '../classic/transfer.js'
import * as Endpoint from '../Endpoint.js'
import * as RateLimits from '../RateLimits.js'
import { issuesFor } from '../test/issues.js'
import { getFundingAssets, getMaxTransferable, transfer, transferAccountTypes } from './transfer.js'

describe('transfer', () => {
  const issuesOf = issuesFor(transfer)
  // The page's example request.
  const example = { fromType: 'spot', toType: 'p2p', amount: '0.1', coin: 'BTC' }
  const out = { fromType: 'uta', toType: 'spot', amount: '10', coin: 'USDT' }

  test('POST /api/v3/account/transfer, signed; the page example passes, sent normalised', () => {
    expect([transfer.method, transfer.path, transfer.auth]).toEqual([
      'POST',
      '/api/v3/account/transfer',
      true,
    ])
    expect(Endpoint.check(transfer, example)).toEqual({ success: true, output: example })
    expect(Endpoint.check(transfer, { ...out, amount: '10.50' }).output).toEqual({
      ...out,
      amount: '10.5',
    })
  })

  test('fromType, toType, amount and coin are required; each missing one is named', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'fromType'],
      ['missing', 'toType'],
      ['missing', 'amount'],
      ['missing', 'coin'],
    ])
  })

  test('the account types of the page: the classic ones and uta, nothing else', () => {
    expect(transferAccountTypes).toEqual([...accountTypes, 'uta'])
    for (const fromType of transferAccountTypes) {
      const toType = fromType === 'uta' ? 'spot' : 'uta'
      const symbol = fromType === 'isolated_margin' ? { symbol: 'BTCUSDT' } : {}
      expect(issuesOf({ ...out, fromType, toType, ...symbol }), fromType).toEqual([])
    }
    expect(issuesOf({ ...out, fromType: 'unified' })).toEqual([['value', 'fromType']])
    expect(issuesOf({ ...out, toType: 'UTA' })).toEqual([['value', 'toType']])
    expect(issuesOf({ ...out, toType: 'funding' })).toEqual([['value', 'toType']])
  })

  test('amount is a positive decimal string', () => {
    expect(issuesOf({ ...out, amount: '0' })).toEqual([['range', 'amount']])
    expect(issuesOf({ ...out, amount: '-5' })).toEqual([['format', 'amount']])
    expect(issuesOf({ ...out, amount: '1e3' })).toEqual([['format', 'amount']])
    expect(issuesOf({ ...out, amount: 10 })).toEqual([['type', 'amount']])
  })

  test('coin is a coin name in any letter case (the pre-IPO tokens are mixed case); no clientOid', () => {
    expect(issuesOf({ ...out, coin: 'preSPAX' })).toEqual([])
    expect(issuesOf({ ...out, coin: 'US DT' })).toEqual([['format', 'coin']])
    expect(issuesOf({ ...out, coin: '' })).toEqual([['format', 'coin']])
    expect(issuesOf({ ...out, clientOid: 'move-1' })).toEqual([['unknown', 'clientOid']])
  })

  test('decision: the same account on both sides is refused on toType, as the classic transfer refuses it', () => {
    expect(issuesOf({ ...out, toType: 'uta' })).toEqual([['value', 'toType']])
    expect(issuesOf({ ...example, toType: 'spot' })).toEqual([['value', 'toType']])
  })

  test('decision: symbol is required when either side is isolated_margin, as the classic transfer requires it', () => {
    expect(issuesOf({ ...out, toType: 'isolated_margin' })).toEqual([['missing', 'symbol']])
    expect(issuesOf({ ...out, fromType: 'isolated_margin', toType: 'uta' })).toEqual([
      ['missing', 'symbol'],
    ])
    expect(issuesOf({ ...out, toType: 'isolated_margin', symbol: 'BTCUSDT' })).toEqual([])
    // Elsewhere it is optional and not refused (the page: "Isolated spot margin").
    expect(issuesOf({ ...out, symbol: 'BTCUSDT' })).toEqual([])
  })

  test('decision: neither side need be uta (the page example moves spot to p2p)', () => {
    expect(issuesOf(example)).toEqual([])
  })
})

describe('getFundingAssets', () => {
  const issuesOf = issuesFor(getFundingAssets)
  test('GET /api/v3/account/funding-assets, signed; coin optional', () => {
    expect([getFundingAssets.method, getFundingAssets.path, getFundingAssets.auth]).toEqual([
      'GET',
      '/api/v3/account/funding-assets',
      true,
    ])
    expect(issuesOf({})).toEqual([])
    expect(Endpoint.check(getFundingAssets, { coin: 'USDT' }).output).toEqual({ coin: 'USDT' })
    expect(issuesOf({ coin: 'US DT' })).toEqual([['format', 'coin']])
    expect(issuesOf({ symbol: 'BTCUSDT' })).toEqual([['unknown', 'symbol']])
  })
})

describe('getMaxTransferable', () => {
  const issuesOf = issuesFor(getMaxTransferable)
  test('GET /api/v3/account/max-transferable, signed; the page example "coin=USDT"; coin required', () => {
    expect([getMaxTransferable.method, getMaxTransferable.path, getMaxTransferable.auth]).toEqual([
      'GET',
      '/api/v3/account/max-transferable',
      true,
    ])
    expect(Endpoint.check(getMaxTransferable, { coin: 'USDT' }).output).toEqual({ coin: 'USDT' })
    expect(issuesOf({})).toEqual([['missing', 'coin']])
  })
})

describe('rate limits as published', () => {
  test.each([
    ['unified.transfer', 5, 'Transfer', 'POST /api/v3/account/transfer'],
    [
      'unified.getFundingAssets',
      20,
      'Get Account Funding Assets',
      'GET /api/v3/account/funding-assets',
    ],
    [
      'unified.getMaxTransferable',
      3,
      'Get Max Transferable',
      'GET /api/v3/account/max-transferable',
    ],
  ] as const)('%s: %i per second per UID', (id, limit, page, endpoint) => {
    expect(RateLimits.table[id]).toEqual([
      {
        kind: 'window',
        key: id,
        scope: 'uid',
        limit,
        windowMs: 1000,
        source: `Bitget "${page}" (${endpoint}): "Rate limit: ${limit}/sec/UID"`,
      },
    ])
  })
})
