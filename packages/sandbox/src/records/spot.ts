/**
 * The classic spot side's records that third-party clients read (docs/records.md, 6): the margin
 * pairs of "Get Support Currencies", the spot assets and the spot bills. The sandbox has no margin
 * trading and no spot trading on the classic line, so its pairs borrow nothing and its spot
 * wallet moves only by the classic wallet transfer.
 */
import { coinsOf } from '../exchange/balances.js'
import type { SandboxInstrument } from '../state.js'
import { pricePrecisionOf, quantityPrecisionOf } from './market.js'

/**
 * A spot pair as GET /api/v2/margin/currencies answers it (doc example
 * `classic.margin.currencies.json`): the page's fields, every borrow flag `false` and both
 * maximum leverages `"0"` (the sandbox lends nothing, so no pair is a margin pair: ccxt reads
 * the flags to tell margin pairs), `status` `"1"` (tradable) or `"2"` (maintenance).
 *
 * @example
 * import { defaultInstruments, marginCurrencyRecord } from '@tradeline/sandbox'
 * marginCurrencyRecord(defaultInstruments[1]!).isBorrowable // false
 */
export function marginCurrencyRecord(instrument: SandboxInstrument): Record<string, unknown> {
  const { base, quote } = coinsOf(instrument)
  return {
    symbol: instrument.symbol,
    baseCoin: base,
    quoteCoin: quote,
    maxCrossedLeverage: '0',
    maxIsolatedLeverage: '0',
    warningRiskRatio: '0.8',
    liquidationRiskRatio: '1',
    minTradeAmount: instrument.minOrderAmount ?? '0',
    maxTradeAmount: '900000000000000000000',
    takerFeeRate: '0',
    makerFeeRate: '0',
    pricePrecision: String(pricePrecisionOf(instrument)),
    quantityPrecision: String(quantityPrecisionOf(instrument)),
    minTradeUSDT: instrument.minTradeUSDT ?? '0',
    isBorrowable: false,
    userMinBorrow: '0',
    status: (instrument.status ?? 'online') === 'online' ? '1' : '2',
    isIsolatedBaseBorrowable: false,
    isIsolatedQuoteBorrowable: false,
    isCrossBorrowable: false,
  }
}

/**
 * A coin of the spot wallet as GET /api/v2/spot/account/assets answers it (doc example
 * `classic.spot.account.assets.json`): all of it `available` (no spot order holds any).
 *
 * @example
 * import { spotAssetRecord } from '@tradeline/sandbox'
 * spotAssetRecord('USDT', '10', 1).frozen // '0'
 */
export function spotAssetRecord(coin: string, available: string, at: number) {
  return { coin, available, frozen: '0', locked: '0', limitAvailable: '0', uTime: String(at) }
}
