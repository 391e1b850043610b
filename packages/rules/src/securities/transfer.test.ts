import { describe, expect, test } from 'vitest'
import { issuesFor } from '../test/issues.js'
import { transfer, transferCoins, transferDirections } from './transfer.js'

const issuesOf = issuesFor(transfer)

const deposit = { coin: 'USDC', amount: '100.5', direction: 'in' } as const

describe('transfer', () => {
  test('is POST /api/v3/stockplus/asset/transfer, signed', () => {
    expect([transfer.id, transfer.method, transfer.path, transfer.auth]).toEqual([
      'securities.transfer',
      'POST',
      '/api/v3/stockplus/asset/transfer',
      true,
    ])
  })

  test('Body: `coin` (string; `USDC`, `USD`)', () => {
    expect(issuesOf({ ...deposit, coin: 'USD' })).toEqual([])
    expect(issuesOf({ ...deposit, coin: 'USDT' })).toEqual([['value', 'coin']])
  })

  test('`amount` (string): a positive decimal string', () => {
    expect(issuesOf(deposit)).toEqual([])
    expect(issuesOf({ ...deposit, amount: '0' })).toEqual([['range', 'amount']])
    expect(issuesOf({ ...deposit, amount: '-5' })).toEqual([['format', 'amount']])
    expect(issuesOf({ ...deposit, amount: 100 })).toEqual([['type', 'amount']])
  })

  test('`direction` (string; `in` deposits to the securities account, `out` withdraws from it)', () => {
    expect(issuesOf({ ...deposit, direction: 'out' })).toEqual([])
    expect(issuesOf({ ...deposit, direction: 'IN' })).toEqual([['value', 'direction']])
  })

  test('decision: "none is marked required", yet coin, amount and direction are all required', () => {
    expect(issuesOf({})).toEqual([
      ['missing', 'coin'],
      ['missing', 'amount'],
      ['missing', 'direction'],
    ])
  })
})

describe('transferCoins', () => {
  test('`USDC`, `USD`', () => {
    expect(transferCoins).toEqual(['USDC', 'USD'])
  })
})

describe('transferDirections', () => {
  test('`in` ... `out`', () => {
    expect(transferDirections).toEqual(['in', 'out'])
  })
})
