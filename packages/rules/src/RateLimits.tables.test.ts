import { expect, test } from 'vitest'
import * as RateLimits from './RateLimits.js'

/**
 * Every exported table of RateLimits, rows and key order included, pinned in a file: moving rows
 * between the internal modules must leave what the package exports unchanged. A new endpoint's
 * row changes this file on purpose (`vitest run -u` and review the diff).
 */
test('the exported rate-limit tables are pinned row for row', async () => {
  const exported = {
    stockplusMarketConcurrencyKey: RateLimits.stockplusMarketConcurrencyKey,
    publicTable: RateLimits.publicTable,
    unifiedTable: RateLimits.unifiedTable,
    classicTable: RateLimits.classicTable,
    securitiesTable: RateLimits.securitiesTable,
    savingsTable: RateLimits.savingsTable,
    rToken: RateLimits.rToken,
    copyTrader: RateLimits.copyTrader,
    // the union's rows are the line tables' own (RateLimits.test.ts); its key order is pinned here
    tableKeys: Object.keys(RateLimits.table),
  }
  await expect(`${JSON.stringify(exported, null, 2)}\n`).toMatchFileSnapshot(
    './__snapshots__/RateLimits.tables.json',
  )
})
