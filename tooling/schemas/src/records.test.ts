// The record schemas against the exchange's documented response examples (fixtures/exchange):
// each example's `data` is valid under the record schema of the client that reads it.
import { readdirSync, readFileSync } from 'node:fs'
import { createValidator, validatorOf } from '@tradeline/ajv'
import { describe, expect, test } from 'vitest'

const root = new URL('../../../', import.meta.url)
// A tuple may leave its length open (loose records read extra items).
const ajv = createValidator({ openTuples: true })

const read = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'))
/** The validator of a client's record schema, compiled once. */
function recordValidator(client: string, name: string) {
  const schema = read(`packages/${client}/schemas/records/${name}.json`) as { $id: string }
  return validatorOf(ajv, schema)
}

/** Documented examples and the record that reads their `data` (a list: each item). */
const examples: readonly (readonly [
  fixture: string,
  client: string,
  record: string,
  each?: boolean,
])[] = [
  ['uta.trade.order-info.json', 'unified', 'orderRecord'],
  ['uta.trade.unfilled-orders.json', 'unified', 'orderPage'],
  ['uta.trade.history-orders.json', 'unified', 'orderPage'],
  ['uta.trade.fills.json', 'unified', 'fillPage'],
  ['uta.market.tickers.futures.json', 'unified', 'tickerRecord', true],
  ['uta.market.orderbook.json', 'unified', 'orderBook'],
  ['uta.account.settings.json', 'unified', 'accountSettings'],
  ['uta.account.fee-rate.json', 'unified', 'feeRate'],
  ['uta.account.transfer.json', 'unified', 'transferResult'],
  ['uta.account.funding-assets.json', 'unified', 'fundingAsset', true],
  ['uta.account.max-transferable.json', 'unified', 'maxTransferable'],
  ['uta.account.info.json', 'unified', 'accountInfo'],
  ['uta.account.max-withdrawal.json', 'unified', 'maxWithdrawal'],
  ['uta.account.open-interest-limit.json', 'unified', 'openInterestLimit'],
  ['uta.account.deposit-address.json', 'unified', 'depositAddress'],
  ['uta.account.deposit-records.json', 'unified', 'depositRecord', true],
  ['uta.account.withdrawal.json', 'unified', 'withdrawResult'],
  ['uta.account.withdrawal-records.json', 'unified', 'withdrawalRecord', true],
  ['uta.position.adl-rank.json', 'unified', 'adlRankRecord', true],
  ['classic.mix.order.detail.json', 'classic-futures', 'orderDetail'],
  ['classic.mix.market.contracts.json', 'classic-futures', 'contractRecord', true],
  ['classic.mix.position.all-position.json', 'classic-futures', 'positionRecord', true],
  ['classic.mix.order.plan-sub-order.json', 'classic-futures', 'planSubOrder', true],
  ['classic.mix.position.adl-rank.json', 'classic-futures', 'adlRankRecord', true],
  ['classic.mix.market.long-short.json', 'classic-futures', 'longShortRecord', true],
  ['classic.mix.market.account-long-short.json', 'classic-futures', 'accountLongShortRecord', true],
  [
    'classic.mix.market.position-long-short.json',
    'classic-futures',
    'positionLongShortRecord',
    true,
  ],
  ['classic.mix.market.taker-buy-sell.json', 'classic-futures', 'takerVolumeRecord', true],
  ['classic.mix.market.vip-fee-rate.json', 'classic-futures', 'vipFeeRateRecord', true],
  ['securities.stockplus.trade.order-detail.json', 'securities', 'stockOrderDetail'],
  ['securities.stockplus.market.quote.json', 'securities', 'quotes'],
  ['savings.earn.savings.assets.json', 'savings', 'assetsPage'],
]

describe('record schemas', () => {
  test('every record schema of every client compiles under Ajv (draft 2020-12, strict)', () => {
    let count = 0
    for (const client of ['unified', 'classic-futures', 'securities', 'savings'])
      for (const name of readdirSync(new URL(`packages/${client}/schemas/records/`, root))) {
        recordValidator(client, name.replace(/\.json$/, ''))
        count++
      }
    expect(count).toBeGreaterThan(100)
  })

  test.each(
    examples.map(
      ([fixture, client, name, each]) => [fixture, client, name, each ?? false] as const,
    ),
  )('the documented example %s is a valid %s.%s', (fixture, client, name, each) => {
    const validate = recordValidator(client, name)
    const data = read(`fixtures/exchange/${fixture}`).data as unknown
    for (const item of each ? (data as unknown[]) : [data])
      expect(validate(item), ajv.errorsText(validate.errors)).toBe(true)
  })
})
