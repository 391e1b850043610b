/**
 * The exchange's documented response examples (fixtures/exchange, sources in its SOURCES.md)
 * parse through the client's schemas: every typed field the example sets comes out set, and
 * every field of the example is kept.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { accountSettings, feeRate } from './account.js'
import { accountInfo, maxWithdrawal, openInterestLimit } from './accountInfo.js'
import {
  batchModifyResults,
  batchResults,
  cancelAllResults,
  countdownResponse,
  orderAck,
  strategyAck,
} from './ack.js'
import { fundingAssets, maxTransferable, transferableCoins, transferResult } from './funds.js'
import { instrumentRecord, instrumentRecords } from './instrument.js'
import {
  closeResults,
  financialRecordPage,
  fundingHistoryPage,
  fundingRateRecords,
  positionHistoryPage,
} from './ledger.js'
import {
  candleRows,
  openInterest,
  orderBook,
  positionTiers,
  publicFills,
  riskReserve,
} from './marketData.js'
import { fillPage, fillRecord, orderPage, orderRecord } from './order.js'
import {
  adlRankRecord,
  adlRanks,
  positionList,
  positionRecord,
  tickerRecord,
  tickerRecords,
} from './position.js'
import { maxOpenAvailable, settingsAck } from './settings.js'
import { strategyOrderPage } from './strategy.js'
import { depositAddress, depositRecords, withdrawalRecords, withdrawResult } from './wallet.js'

const folder = fileURLToPath(new URL('../../../../fixtures/exchange/', import.meta.url))

/** The schema of each UTA fixture, by the start of its file name. */
const schemas: readonly [string, v.GenericSchema][] = [
  ['uta.market.instruments.', instrumentRecords],
  ['uta.market.tickers.', tickerRecords],
  ['uta.account.settings.', accountSettings],
  ['uta.position.current-position.', positionList],
  ['uta.position.adl-rank.', adlRanks],
  ['uta.trade.order-info.', orderRecord],
  ['uta.trade.unfilled-orders.', orderPage],
  ['uta.trade.history-orders.', orderPage],
  ['uta.trade.fills.', fillPage],
  ['uta.trade.unfilled-strategy-orders.', strategyOrderPage],
  ['uta.trade.history-strategy-orders.', strategyOrderPage],
  ['uta.trade.place-order.', orderAck],
  ['uta.trade.place-batch.', batchResults],
  ['uta.trade.cancel-batch.', batchResults],
  ['uta.trade.cancel-symbol-order.', cancelAllResults],
  ['uta.trade.cancel-strategy-order.', strategyAck],
  ['uta.trade.batch-modify-order.', batchModifyResults],
  ['uta.trade.countdown-cancel-all.', countdownResponse],
  // Ledger: financial records, position history, close positions, funding rates.
  ['uta.account.financial-records.', financialRecordPage],
  ['uta.position.history-position.', positionHistoryPage],
  ['uta.trade.close-positions.', closeResults],
  ['uta.market.current-fund-rate.', fundingRateRecords],
  ['uta.market.history-fund-rate.', fundingHistoryPage],
  // account settings and margin
  ['uta.account.set-leverage.', settingsAck],
  ['uta.account.set-hold-mode.', settingsAck],
  ['uta.account.max-open-available.', maxOpenAvailable],
  ['uta.account.set-margin.', settingsAck],
  ['uta.account.fee-rate.', feeRate],
  // Funds: transfer, funding assets, max transferable.
  ['uta.account.transfer.', transferResult],
  ['uta.account.funding-assets.', fundingAssets],
  ['uta.account.max-transferable.', maxTransferable],
  // The account itself: account info, max withdrawal.
  ['uta.account.info.', accountInfo],
  ['uta.account.max-withdrawal.', maxWithdrawal],
  ['uta.account.open-interest-limit.', openInterestLimit],
  ['uta.account.transferable-coins.', transferableCoins],
  // Deposits and withdrawals.
  ['uta.account.deposit-address.', depositAddress],
  ['uta.account.deposit-records.', depositRecords],
  ['uta.account.withdrawal.', withdrawResult],
  ['uta.account.withdrawal-records.', withdrawalRecords],
  // Market data reads.
  ['uta.market.candles.', candleRows],
  ['uta.market.history-candles.', candleRows],
  ['uta.market.orderbook.', orderBook],
  ['uta.market.fills.', publicFills],
  ['uta.market.open-interest.', openInterest],
  ['uta.market.risk-reserve.', riskReserve],
  ['uta.market.position-tier.', positionTiers],
]

// Pushes of the streams (`uta.ws.*`) are read by the stream's readers: stream/records.test.ts.
const files = readdirSync(folder).filter(
  (name) => name.startsWith('uta.') && !name.startsWith('uta.ws.') && name.endsWith('.json'),
)

/** Every record of a payload: the items of a list, of `list`, or the object itself. */
function records(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(records)
  if (typeof value !== 'object' || value === null) return []
  const list = (value as { list?: unknown }).list
  return Array.isArray(list) ? list.flatMap(records) : [value as Record<string, unknown>]
}

describe('documented examples', () => {
  test('every UTA fixture has a schema', () => {
    expect(files.length).toBeGreaterThan(20)
    for (const name of files) expect(schemas.some(([prefix]) => name.startsWith(prefix))).toBe(true)
  })

  test.each(files)('%s parses; set fields come out set, every field is kept', (name) => {
    const schema = schemas.find(([prefix]) => name.startsWith(prefix))![1]
    const json = JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data?: unknown }
    const data = 'data' in (json as object) ? json.data : json
    const parsed = v.safeParse(schema, data)
    expect(parsed.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`)).toBeUndefined()
    const [input, output] = [records(data), records(parsed.output)]
    expect(output).toHaveLength(input.length)
    input.forEach((record, i) => {
      for (const [key, value] of Object.entries(record)) {
        expect(output[i]).toHaveProperty(key)
        if (value !== '' && value !== null && typeof value !== 'object')
          expect(output[i]![key], `${key} of ${name}`).not.toBeNull()
      }
    })
  })
})

describe('records typed after the exchange', () => {
  const typed: readonly [string, { entries: Record<string, unknown> }, readonly string[]][] = [
    ['uta.trade.fills.json', fillRecord, []],
    ['uta.trade.order-info.json', orderRecord, []],
    ['uta.trade.history-orders.json', orderRecord, []],
    ['uta.market.tickers.futures.json', tickerRecord, []],
    ['uta.position.current-position.json', positionRecord, []],
    ['uta.position.adl-rank.json', adlRankRecord, []],
    ['uta.account.settings.json', accountSettings, []],
    // Fee, limit and flag fields the rules never read stay untyped (kept as they come).
    [
      'uta.market.instruments.futures.json',
      instrumentRecord,
      [
        'isRwa',
        'isReality',
        'feeRateUpRatio',
        'openCostUpRatio',
        'maxSymbolOrderNum',
        'maxProductOrderNum',
        'maxPositionNum',
        'deliveryTime',
        'deliveryStartTime',
        'deliveryPeriod',
        'launchTime',
        'fundInterval',
        'minLeverage',
        'maxLeverage',
      ],
    ],
  ]
  test.each(typed)('every field of %s is a typed field of its schema', (name, schema, untyped) => {
    const json = JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }
    const keys = new Set(records(json.data).flatMap((record) => Object.keys(record)))
    const missing = [...keys].filter((key) => !(key in schema.entries) && !untyped.includes(key))
    expect(missing).toEqual([])
  })
})

describe('settings writes and max-open-available (account settings and margin)', () => {
  const data = (name: string) =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data
  test('set-leverage and set-hold-mode answer the text "success"', () => {
    expect(v.parse(settingsAck, data('uta.account.set-leverage.json'))).toBe('success')
    expect(v.parse(settingsAck, data('uta.account.set-hold-mode.json'))).toBe('success')
  })
  test('set-margin answers the text "success"', () => {
    expect(v.parse(settingsAck, data('uta.account.set-margin.json'))).toBe('success')
  })
  test('fee-rate: the maker and taker rates as decimal strings', () => {
    expect(v.parse(feeRate, data('uta.account.fee-rate.json'))).toEqual({
      makerFeeRate: '0.0008',
      takerFeeRate: '0.0008',
    })
  })
  test('max-open-available: the spot example sets available; the futures fields sent "" are null', () => {
    expect(v.parse(maxOpenAvailable, data('uta.account.max-open-available.json'))).toEqual({
      available: '52.008255',
      maxOpen: null,
      buyOpenCost: null,
      sellOpenCost: null,
      maxBuyOpen: null,
      maxSellOpen: null,
    })
  })
})

describe('funds: transfer, funding assets, max transferable', () => {
  const data = (name: string) =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data
  test('transfer answers the transferId alone (no clientOid)', () => {
    expect(v.parse(transferResult, data('uta.account.transfer.json'))).toEqual({
      transferId: '111111111111',
    })
  })
  test('funding-assets: a bare list of coins, amounts as decimal strings; null is none', () => {
    expect(v.parse(fundingAssets, data('uta.account.funding-assets.json'))).toEqual([
      { coin: 'BGB', available: '0.01', frozen: '0', balance: '0.01' },
      { coin: 'USDT', available: '0.04', frozen: '0', balance: '0.04' },
    ])
    expect(v.parse(fundingAssets, null)).toEqual([])
  })
  test('max-transferable: the coin and both maxima as decimal strings; a field it does not know is kept', () => {
    const example = data('uta.account.max-transferable.json') as Record<string, unknown>
    expect(v.parse(maxTransferable, example)).toEqual({
      coin: 'USDT',
      maxTransfer: '1',
      borrowMaxTransfer: '1',
    })
    expect(v.parse(maxTransferable, { ...example, maxTransfer: 1.5, extra: 'x' })).toEqual({
      coin: 'USDT',
      maxTransfer: '1.5',
      borrowMaxTransfer: '1',
      extra: 'x',
    })
  })
})

describe('the account itself: account info, max withdrawal', () => {
  const data = (name: string) =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data
  test('account info: the ids and the whitelist as text, "" (parentId) as null, permissions a list of names', () => {
    expect(v.parse(accountInfo, data('uta.account.info.json'))).toEqual({
      userId: '123456789',
      inviterId: '987654321',
      parentId: null,
      channelCode: '6258',
      channel: 'official',
      ips: '192.168.1.1,192.168.1.2',
      permType: 'read-and-write',
      permissions: [
        'uta_mgt',
        'uta_trade',
        'withdraw',
        'copy_futures_position',
        'copy_futures_order',
      ],
      regisTime: '1704067200000',
    })
  })
  test('max withdrawal: the coin and the four maxima as decimal strings; a number read as its decimal', () => {
    const example = data('uta.account.max-withdrawal.json') as Record<string, unknown>
    expect(v.parse(maxWithdrawal, { ...example, otcMaxWithdrawal: 100.5 })).toEqual({
      coin: 'USDT',
      otcMaxWithdrawal: '100.5',
      spotMaxWithdrawal: '500',
      utaMaxWithdrawal: '1000',
      totalMaxWithdrawal: '1600',
    })
  })
})

describe('the account itself: OI limit, transferable coins', () => {
  const data = (name: string) =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data
  test('OI limit: the symbol and three quantities as decimal strings; "" as null', () => {
    const example = data('uta.account.open-interest-limit.json') as Record<string, unknown>
    expect(v.parse(openInterestLimit, example)).toEqual({
      symbol: 'BTCUSDT',
      singleUserLimit: '2766.30748',
      masterSubLimit: '9173.8782',
      marketMakerLimit: '0',
    })
    expect(v.parse(openInterestLimit, { ...example, masterSubLimit: '' }).masterSubLimit).toBe(null)
  })
  test('transferable coins: a bare list of names; null is none', () => {
    expect(v.parse(transferableCoins, data('uta.account.transferable-coins.json'))).toEqual([
      'USDT',
    ])
    expect(v.parse(transferableCoins, null)).toEqual([])
  })
})

describe('deposits and withdrawals: read as the exchange sends them', () => {
  const data = (name: string) =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data
  test('deposit address: a null tag and an empty url read as null', () => {
    expect(v.parse(depositAddress, data('uta.account.deposit-address.json'))).toEqual({
      address: '0x51xxx',
      chain: 'erc20',
      coin: 'USDT',
      tag: null,
      url: null,
    })
  })
  test('deposit records: a bare list; the lower-case coin kept as sent, size a decimal string', () => {
    const [record] = v.parse(depositRecords, data('uta.account.deposit-records.json'))
    expect(record).toMatchObject({ coin: 'usdt', size: '1', dest: 'internal_transfer' })
    expect(v.parse(depositRecords, null)).toEqual([])
  })
  test('withdrawal: orderId and clientOid; withdrawal records keep the example\'s type "deposit" as sent, fee a decimal', () => {
    expect(v.parse(withdrawResult, data('uta.account.withdrawal.json'))).toEqual({
      orderId: '111111111111',
      clientOid: '111111111111',
    })
    const [record] = v.parse(withdrawalRecords, data('uta.account.withdrawal-records.json'))
    expect(record).toMatchObject({ type: 'deposit', fee: '10', confirm: '5', tag: null })
    expect(v.parse(withdrawalRecords, [{ ...record, size: 100.5 }])[0]?.size).toBe('100.5')
  })
})

describe('market data examples read key for key', () => {
  const data = (name: string): unknown =>
    (JSON.parse(readFileSync(`${folder}${name}`, 'utf8')) as { data: unknown }).data

  test.each(['uta.market.candles.json', 'uta.market.history-candles.json'])(
    '%s: rows of seven strings, as sent',
    (name) => {
      expect(v.parse(candleRows, data(name))).toEqual(data(name))
    },
  )

  test('orderbook: JSON-number levels read as decimal strings (10.000 as "10")', () => {
    expect(v.parse(orderBook, data('uta.market.orderbook.json'))).toEqual({
      a: [
        ['73000', '0.007'],
        ['74000', '0.007'],
        ['75000', '0.007'],
        ['75123', '5.615'],
      ],
      b: [
        ['71213.8', '1.836'],
        ['71213.3', '10'],
        ['71212.8', '10'],
      ],
      ts: '1730969017964',
    })
  })

  test('fills, open interest: every key as sent; risk reserve: the deprecated "" fields are null', () => {
    expect(v.parse(publicFills, data('uta.market.fills.json'))).toEqual(
      data('uta.market.fills.json'),
    )
    const oi = data('uta.market.open-interest.json')
    expect(v.parse(openInterest, oi)).toEqual(oi)
    expect(v.parse(riskReserve, data('uta.market.risk-reserve.json'))).toEqual({
      totalBalance: null,
      coin: 'USDT',
      riskReserveRecords: [
        {
          type: null,
          amount: '9.8470265278770000',
          balance: '95815.6773460800020000',
          ts: '1753718400000',
        },
        {
          type: null,
          amount: '0.4328615782800000',
          balance: '95805.8303195521250000',
          ts: '1753632000000',
        },
      ],
    })
  })

  test('position tiers, key for key', () => {
    const tiers = data('uta.market.position-tier.json')
    expect(v.parse(positionTiers, tiers)).toEqual(tiers)
  })
})
