import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import {
  channels,
  executionsPage,
  fundsList,
  optionQuotes,
  orderAck,
  timestamp,
  trades,
} from './records.js'

// The exchange: "Numeric fields appear as JSON strings or JSON numbers; where a table says String but
// the sample shows a number (price, volume of trade details), accept both."
describe('numbers as strings or as numbers', () => {
  const cases = [
    [
      'trades',
      trades,
      [
        {
          price: 150.5,
          volume: 100,
          timestamp: '2026-01-16T14:30:00Z',
          tradeType: ' ',
          direction: 'Up',
          tradeSession: 'Intraday',
        },
      ],
      [
        {
          price: '150.5',
          volume: '100',
          timestamp: '2026-01-16T14:30:00Z',
          tradeType: ' ',
          direction: 'Up',
          tradeSession: 'Intraday',
        },
      ],
    ],
    [
      'option quotes',
      optionQuotes,
      {
        secuQuote: [
          {
            symbol: 'AAPL260116C00150000.US',
            lastDone: 2.5,
            timestamp: 1768573800000,
            tradeStatus: 0,
            expiryDate: 260116,
            strikePrice: 150,
            contractMultipier: 100,
            contractType: 'A',
            direction: 'C',
          },
        ],
      },
      {
        secuQuote: [
          {
            symbol: 'AAPL260116C00150000.US',
            lastDone: '2.5',
            timestamp: '1768573800000',
            tradeStatus: '0',
            expiryDate: '20260116',
            strikePrice: '150',
            contractMultipier: '100',
            contractType: 'A',
            direction: 'C',
          },
        ],
      },
    ],
    [
      'funds',
      fundsList,
      {
        list: [
          {
            totalCash: 1000.25,
            riskLevel: 1,
            currency: 'USD',
            buyPower: 2000,
            cashInfos: [{ availableCash: 10, currency: 'USD' }],
            frozenTransactionFees: [{ currency: 'USD', amount: 1.5, feeKind: 'commission' }],
          },
        ],
      },
      {
        list: [
          {
            totalCash: '1000.25',
            riskLevel: '1',
            currency: 'USD',
            buyPower: '2000',
            cashInfos: [{ availableCash: '10', currency: 'USD' }],
            frozenTransactionFees: [{ currency: 'USD', amount: '1.5', feeKind: 'commission' }],
          },
        ],
      },
    ],
    [
      'positions',
      channels,
      {
        channels: [
          {
            accountChannel: 'lb',
            positions: [
              {
                symbol: 'AAPL.US',
                quantity: 10,
                availableQuantity: 10,
                costPrice: 150.1,
                initQuantity: 10,
              },
            ],
          },
        ],
      },
      {
        channels: [
          {
            accountChannel: 'lb',
            positions: [
              {
                symbol: 'AAPL.US',
                quantity: '10',
                availableQuantity: '10',
                costPrice: '150.1',
                initQuantity: '10',
              },
            ],
          },
        ],
      },
    ],
    [
      'executions',
      executionsPage,
      {
        hasMore: false,
        trades: [
          {
            orderId: 1,
            tradeId: 2,
            symbol: 'AAPL.US',
            tradeDoneAt: '2026-01-15T15:00:00.000Z',
            quantity: 3,
            price: 150.5,
          },
        ],
      },
      {
        hasMore: false,
        trades: [
          {
            orderId: '1',
            tradeId: '2',
            symbol: 'AAPL.US',
            tradeDoneAt: 1768489200000,
            quantity: '3',
            price: '150.5',
          },
        ],
      },
    ],
  ] as const
  test.each(cases)('%s: the same record either way', (_, schema, asNumbers, asStrings) => {
    expect(v.parse(schema as v.GenericSchema, asNumbers)).toEqual(
      v.parse(schema as v.GenericSchema, asStrings),
    )
  })

  test('an option quote comes out normalised', () => {
    const [quote] = v.parse(optionQuotes, cases[1][2])
    expect(quote).toMatchObject({
      lastDone: '2.5',
      timestamp: 1768573800000,
      tradeStatus: { code: '0', name: 'Normal' },
      // "expiryDate (described as a YYMMDD date while the sample is an 8-digit date; accept both)"
      expiryDate: '2026-01-16',
      contractType: { code: 'A', name: 'American' },
      direction: { code: 'C', name: 'Call' },
    })
  })
})

describe('coded values keep the raw code', () => {
  test('tradeType: "space = regular sale", and an empty string read as that space', () => {
    const parsed = v.parse(trades, [
      { tradeType: ' ' },
      { tradeType: '' },
      { tradeType: 'I' },
      { tradeType: 'Z' },
    ])
    expect(parsed.map((trade) => trade.tradeType)).toEqual([
      { code: ' ', name: 'Regular sale' },
      { code: '', name: 'Regular sale' },
      { code: 'I', name: 'Odd lot trade' },
      { code: 'Z', name: null },
    ])
  })

  test('riskLevel 3 is Danger; tradeSession and direction by name', () => {
    const [funds] = v.parse(fundsList, { list: [{ riskLevel: 3 }] })
    const [trade] = v.parse(trades, [{ direction: 'Down', tradeSession: 'Overnight' }])
    expect([funds?.riskLevel, trade?.direction, trade?.tradeSession]).toEqual([
      { code: '3', name: 'Danger' },
      { code: 'Down', name: 'Down' },
      { code: 'Overnight', name: 'Overnight' },
    ])
  })
})

describe('timestamp', () => {
  test.each([
    ['2026-01-16T14:30:00Z', 1768573800000],
    ['2026-01-16T14:30:00.000+00:00', 1768573800000],
    ['1768573800000', 1768573800000],
    [1768573800000, 1768573800000],
    ['', null],
    ['not a time', null],
  ])('%j is %j (Unix ms)', (value, expected) => {
    expect(v.parse(timestamp, value)).toBe(expected)
  })
})

describe('orderAck', () => {
  test('"clientOid (string; empty string when not passed)": null', () => {
    expect(v.parse(orderAck, { orderId: '1', clientOid: '', symbol: 'AAPL.US' })).toEqual({
      orderId: '1',
      clientOid: null,
      symbol: 'AAPL.US',
    })
  })
})
