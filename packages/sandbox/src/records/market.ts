/**
 * The sandbox's instruments and prices as the exchange's public market endpoints answer them
 * (docs/records.md, 5d, 6): unified instruments and tickers, classic contracts and ticker,
 * classic spot symbols and coins. Every number is a decimal string; what the sandbox does not
 * model is answered as the exchange's "not set" (`""`, `"-1"`) or as what the sandbox does (no
 * fee: `"0"`; leverage 1: `"1"`).
 */
import { Category, Decimal, ProductLine } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { maxLeverageOf } from '../exchange/accountSettings.js'
import { coinsOf } from '../exchange/balances.js'
import { fundingOf } from '../exchange/funding.js'
import { type Print, printsOf } from '../exchange/tape.js'
import { tradesIn } from '../instruments.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import { candleStart } from '../ws/candles.js'
// A cycle (the book reads the price steps of this module), used only inside functions.
import { bestLevels } from '../ws/marketBook.js'

const big = (value: string): Big => new Big(value)

/** The open-order cap per group the sandbox enforces (rule 6), as `maxProductOrderNum`. */
const holdingLimit = '400'
/** 24 hours: the window of the ticker's volume. */
const dayMs = 86_400_000

/** Decimal places of a step's value (`0.10` has 1). */
function placesOf(step: string): number {
  return Decimal.isDecimal(step) ? Decimal.places(Decimal.trimZeros(step)) : Decimal.places(step)
}

/** Decimal places of an instrument's prices: `pricePrecision`, else those of its price step. */
export function pricePrecisionOf(instrument: SandboxInstrument): number {
  const own = instrument.pricePrecision
  const step = instrument.priceMultiplier
  const fromStep = step === undefined ? undefined : placesOf(step)
  if (own === undefined) return fromStep ?? 8
  return Math.max(own, fromStep ?? 0)
}

/** The price step: `priceMultiplier`, else 10^-pricePrecision. */
export function priceStepOf(instrument: SandboxInstrument): string {
  return instrument.priceMultiplier ?? big('10').pow(-pricePrecisionOf(instrument)).toFixed()
}

/** Decimal places of quantities: those of the size step (8 without one). */
export function quantityPrecisionOf(instrument: SandboxInstrument): number {
  const step = instrument.sizeMultiplier
  return step === undefined ? 8 : placesOf(step)
}

/** The quantity step: `sizeMultiplier`, else 10^-quantityPrecision. */
export function sizeStepOf(instrument: SandboxInstrument): string {
  return instrument.sizeMultiplier ?? big('10').pow(-quantityPrecisionOf(instrument)).toFixed()
}

/** Whether an instrument is listed under a category (SPOT pairs but rTokens also as MARGIN). */
export function listedUnder(instrument: SandboxInstrument, category: string): boolean {
  const own = instrument.category.toUpperCase()
  const asked = category.toUpperCase()
  if (own === asked) return true
  return own === 'SPOT' && asked === 'MARGIN' && !ProductLine.isRToken(instrument.symbol)
}

/** Whether a category, in any case, is one of the futures categories. */
export function isFutures(category: string): boolean {
  const normalized = Category.normalize(category)
  return normalized !== undefined && Category.isFutures(normalized)
}

/**
 * An instrument as GET /api/v3/market/instruments answers it under `category`
 * (docs/records.md): string fields; futures carry `priceMultiplier`/`quantityMultiplier`,
 * spot and margin none (tick = 10^-pricePrecision). The sandbox's documented minimums map to
 * the exchange's: `minOrderAmount` (a minimum quantity) is `minOrderQty`, `minTradeUSDT` (a
 * minimum value) is `minOrderAmount`.
 *
 * @example
 * import { defaultInstruments, instrumentRecord } from '@tradeline/sandbox'
 * instrumentRecord(defaultInstruments[0]!, 'USDT-FUTURES').priceMultiplier // '0.1'
 */
export function instrumentRecord(
  instrument: SandboxInstrument,
  category: string = instrument.category,
): Record<string, unknown> {
  const { base, quote } = coinsOf(instrument)
  const band = instrument.priceBandRatio ?? '0.2'
  const pricePrecision = pricePrecisionOf(instrument)
  const quantityPrecision = quantityPrecisionOf(instrument)
  const common = {
    symbol: instrument.symbol,
    category: category.toUpperCase(),
    baseCoin: base,
    quoteCoin: quote,
    buyLimitPriceRatio: band,
    sellLimitPriceRatio: band,
    minOrderQty: instrument.minOrderAmount ?? '0',
    pricePrecision: String(pricePrecision),
    quantityPrecision: String(quantityPrecision),
    minOrderAmount: instrument.minTradeUSDT ?? '0',
    maxSymbolOrderNum: '',
    maxProductOrderNum: holdingLimit,
    status: instrument.status ?? 'online',
    maintainTime: '',
    maxPositionNum: '',
  }
  if (isFutures(category))
    return {
      ...common,
      isRwa: 'NO',
      isReality: 'no',
      feeRateUpRatio: '0',
      makerFeeRate: '0',
      takerFeeRate: '0',
      openCostUpRatio: '0',
      maxOrderQty: '',
      maxMarketOrderQty: '',
      quotePrecision: '',
      priceMultiplier: priceStepOf(instrument),
      quantityMultiplier: sizeStepOf(instrument),
      type: 'perpetual',
      symbolType: 'crypto',
      offTime: '-1',
      limitOpenTime: '-1',
      deliveryTime: '',
      deliveryStartTime: '',
      deliveryPeriod: '',
      launchTime: '0',
      fundInterval: '8',
      minLeverage: '1',
      maxLeverage: maxLeverageOf(instrument),
    }
  const spot = {
    ...common,
    maxOrderQty: '0',
    quotePrecision: String(pricePrecision + quantityPrecision),
    feeRateUpRatio: '',
    offTime: '',
    limitOpenTime: '',
    areaSymbol: 'no',
    isReality: ProductLine.isRToken(instrument.symbol) ? 'yes' : 'no',
    symbolType: ProductLine.isRToken(instrument.symbol) ? 'stock' : 'crypto',
  }
  if (category.toUpperCase() !== 'MARGIN') return { ...spot, launchTime: '0' }
  return {
    ...spot,
    isIsolatedBaseBorrowable: 'YES',
    isIsolatedQuotedBorrowable: 'YES',
    warningRiskRatio: '0.8',
    liquidationRiskRatio: '1',
    maxCrossedLeverage: '1',
    maxIsolatedLeverage: '1',
    userMinBorrow: '0',
    maxLeverage: '1',
    launchTime: null,
  }
}

/** Volume and turnover of an instrument's fills (of its category) in the 24 hours before `now`. */
function dayVolume(state: SandboxState, instrument: SandboxInstrument, now: number) {
  let volume = big('0')
  let turnover = big('0')
  for (const fill of state.fills) {
    if (!tradesIn(state.instruments, instrument, fill) || fill.ts <= now - dayMs || fill.ts > now)
      continue
    volume = volume.plus(fill.qty)
    turnover = turnover.plus(big(fill.qty).times(fill.price))
  }
  return { volume: volume.toFixed(), turnover: turnover.toFixed() }
}

/**
 * The market since `from` up to `now`, as the `tape` of the symbol printed it (`printsOf`: admin
 * prices and fills, as the candles read it): the price at `from` (the last print at or before it, else the price before
 * the tape's first print), the highest and lowest price since then (the opening and the last
 * price `price` included), and the change from the opening to `price` as a ratio with 5
 * decimals, as the exchange writes `price24hPcnt` and `change24h`; `"0"` from an opening of 0.
 */
function marketSince(
  tape: { opening: string; prints: readonly Print[] },
  from: number,
  now: number,
  price: string,
) {
  const { opening, prints } = tape
  let open = opening
  const inWindow: string[] = []
  for (const print of prints) {
    if (print.ts <= from) open = print.price
    else if (print.ts <= now) inWindow.push(print.price)
  }
  // The extremes keep the text they were printed with (`"3600.00"`), as the last price does.
  let high = price
  let low = price
  for (const value of [open, ...inWindow]) {
    if (big(value).gt(high)) high = value
    if (big(value).lt(low)) low = value
  }
  const base = big(open)
  const ratio = base.eq(0) ? big('0') : big(price).minus(base).div(base)
  const rounded = ratio.toDecimalPlaces(5, Big.ROUND_HALF_UP)
  const change = rounded.isZero() ? '0' : rounded.toFixed()
  return { open, high, low, change }
}

/**
 * The current funding rate of a futures instrument (`"0"` for one whose funding was never set,
 * and for a spot pair, even one named as a futures contract).
 */
const fundingRateOf = (state: SandboxState, instrument: SandboxInstrument): string =>
  (isFutures(instrument.category) ? fundingOf(state, instrument.symbol)?.rate : undefined) ?? '0'

/** Open interest: the sizes of every account's open positions of a symbol. */
export function openInterest(state: SandboxState, symbol: string): string {
  let total = big('0')
  for (const position of state.positions.values())
    if (position.symbol === symbol) total = total.plus(big(position.size).abs())
  return total.toFixed()
}

/**
 * A ticker as GET /api/v3/market/tickers answers it (docs/records.md), from the sandbox
 * price and its tape: last price the price; 24 h open, high, low and change (`price24hPcnt`, a
 * ratio with 5 decimals) those of the prices printed in the last 24 hours (admin prices and
 * fills, as the candles read them); best bid and ask (price and size) the first levels of the
 * sandbox's synthetic book (the one `/api/v3/market/orderbook` serves); volume and turnover
 * those of the sandbox's fills in the last 24 hours; futures add index and mark price (the
 * price), the symbol's current funding rate and open interest.
 *
 * @example
 * import { createState, tickerRecord } from '@tradeline/sandbox'
 * const state = createState()
 * tickerRecord(state, state.instruments.get('SPOT', 'ETHUSDT')!, '3200.00', 0).lastPrice // '3200.00'
 */
export function tickerRecord(
  state: SandboxState,
  instrument: SandboxInstrument,
  price: string,
  now: number,
): Record<string, unknown> {
  const { volume, turnover } = dayVolume(state, instrument, now)
  const { bid, ask } = bestLevels(state, instrument)
  const day = marketSince(
    printsOf(state, instrument.symbol, 'trades', instrument),
    now - dayMs,
    now,
    price,
  )
  const category = instrument.category.toUpperCase()
  return {
    category,
    symbol: instrument.symbol,
    ts: String(now),
    lastPrice: price,
    openPrice24h: day.open,
    highPrice24h: day.high,
    lowPrice24h: day.low,
    ask1Price: ask[0],
    bid1Price: bid[0],
    bid1Size: bid[1],
    ask1Size: ask[1],
    price24hPcnt: day.change,
    volume24h: volume,
    turnover24h: turnover,
    ...(isFutures(category) && {
      indexPrice: price,
      markPrice: price,
      fundingRate: fundingRateOf(state, instrument),
      openInterest: openInterest(state, instrument.symbol),
      deliveryStartTime: '',
      deliveryTime: '',
      deliveryStatus: '',
    }),
  }
}

/** The classic `symbolStatus` of an instrument status (docs/records.md). */
const contractStatuses: Readonly<Record<string, string>> = {
  online: 'normal',
  offline: 'off',
  listed: 'listed',
  limit_open: 'limit_open',
  restrictedAPI: 'restrictedAPI',
}

/**
 * A futures instrument as GET /api/v2/mix/market/contracts answers it (docs/records.md):
 * tick = `priceEndStep` x 10^-`pricePlace`, lot `sizeMultiplier` with `volumePlace` decimals,
 * `minTradeNum` (minimum quantity), `minTradeUSDT` (minimum value), `supportMarginCoins` an
 * array, `symbolStatus` `normal` for an online instrument.
 *
 * @example
 * import { contractRecord, defaultInstruments } from '@tradeline/sandbox'
 * contractRecord(defaultInstruments[0]!).priceEndStep // '1'
 */
export function contractRecord(instrument: SandboxInstrument): Record<string, unknown> {
  const { base, quote } = coinsOf(instrument)
  const band = instrument.priceBandRatio ?? '0.2'
  const step = priceStepOf(instrument)
  const pricePlace = Math.max(pricePrecisionOf(instrument), placesOf(step))
  const status = instrument.status ?? 'online'
  const marginCoin = instrument.category.toUpperCase() === 'COIN-FUTURES' ? base : quote
  return {
    symbol: instrument.symbol,
    baseCoin: base,
    quoteCoin: quote,
    buyLimitPriceRatio: band,
    sellLimitPriceRatio: band,
    feeRateUpRatio: '0',
    makerFeeRate: '0',
    takerFeeRate: '0',
    openCostUpRatio: '0',
    supportMarginCoins: [marginCoin],
    minTradeNum: instrument.minOrderAmount ?? '0',
    priceEndStep: big(step).times(big('10').pow(pricePlace)).toFixed(),
    volumePlace: String(quantityPrecisionOf(instrument)),
    pricePlace: String(pricePlace),
    sizeMultiplier: sizeStepOf(instrument),
    symbolType: 'perpetual',
    minTradeUSDT: instrument.minTradeUSDT ?? '0',
    maxSymbolOrderNum: '',
    maxProductOrderNum: holdingLimit,
    maxPositionNum: '',
    symbolStatus: contractStatuses[status] ?? status,
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: '',
    deliveryStartTime: '',
    deliveryPeriod: '',
    launchTime: '',
    openTime: '',
    fundInterval: '8',
    minLever: '1',
    maxLever: maxLeverageOf(instrument),
    posLimit: '',
    maintainTime: '',
    maxMarketOrderQty: '',
    maxOrderQty: '',
    isRwa: 'NO',
  }
}

/**
 * A futures ticker as GET /api/v2/mix/market/ticker answers it (docs/records.md; `data` is
 * an array of this one item), from the sandbox price and its tape as {@link tickerRecord}:
 * `open24h`, `high24h`, `low24h` and `change24h` over the last 24 hours, `openUtc` and
 * `changeUtc24h` since 00:00 UTC, `fundingRate` the symbol's current rate.
 *
 * @example
 * import { classicTickerRecord, createState } from '@tradeline/sandbox'
 * const state = createState()
 * classicTickerRecord(state, state.instruments.get('USDT-FUTURES', 'BTCUSDT')!, '65000.0', 0).lastPr // '65000.0'
 */
export function classicTickerRecord(
  state: SandboxState,
  instrument: SandboxInstrument,
  price: string,
  now: number,
): Record<string, unknown> {
  const { volume, turnover } = dayVolume(state, instrument, now)
  const { bid, ask } = bestLevels(state, instrument)
  const tape = printsOf(state, instrument.symbol, 'trades', instrument)
  const day = marketSince(tape, now - dayMs, now, price)
  const utc = marketSince(tape, candleStart('1D', now), now, price)
  return {
    symbol: instrument.symbol,
    lastPr: price,
    askPr: ask[0],
    bidPr: bid[0],
    bidSz: bid[1],
    askSz: ask[1],
    high24h: day.high,
    low24h: day.low,
    ts: String(now),
    change24h: day.change,
    baseVolume: volume,
    quoteVolume: turnover,
    usdtVolume: turnover,
    openUtc: utc.open,
    changeUtc24h: utc.change,
    indexPrice: price,
    fundingRate: fundingRateOf(state, instrument),
    holdingAmount: openInterest(state, instrument.symbol),
    deliveryStartTime: '',
    deliveryTime: '',
    deliveryStatus: '',
    open24h: day.open,
    markPrice: price,
  }
}

/** The classic spot `status` of an instrument status (docs/records.md). */
const spotStatuses: Readonly<Record<string, string>> = { online: 'online', offline: 'offline' }

/**
 * A spot pair as GET /api/v2/spot/public/symbols answers it (docs/records.md):
 * `minTradeAmount` the minimum quantity, `maxTradeAmount` no cap (the exchange's huge value),
 * `minTradeUSDT`, precisions as integer strings, `status` `online`, `offline` or `halt`.
 *
 * @example
 * import { defaultInstruments, spotSymbolRecord } from '@tradeline/sandbox'
 * spotSymbolRecord(defaultInstruments[1]!).pricePrecision // '2'
 */
export function spotSymbolRecord(instrument: SandboxInstrument): Record<string, unknown> {
  const { base, quote } = coinsOf(instrument)
  const band = instrument.priceBandRatio ?? '0.2'
  const pricePrecision = pricePrecisionOf(instrument)
  const quantityPrecision = quantityPrecisionOf(instrument)
  const status = instrument.status ?? 'online'
  return {
    symbol: instrument.symbol,
    baseCoin: base,
    quoteCoin: quote,
    minTradeAmount: instrument.minOrderAmount ?? '0',
    maxTradeAmount: '900000000000000000000',
    takerFeeRate: '0',
    makerFeeRate: '0',
    pricePrecision: String(pricePrecision),
    quantityPrecision: String(quantityPrecision),
    quotePrecision: String(pricePrecision + quantityPrecision),
    status: spotStatuses[status] ?? 'halt',
    minTradeUSDT: instrument.minTradeUSDT ?? '0',
    buyLimitPriceRatio: band,
    sellLimitPriceRatio: band,
    areaSymbol: 'no',
    orderQuantity: holdingLimit,
    openTime: '0',
    offTime: '',
  }
}

/**
 * The coins of the sandbox's instruments as GET /api/v2/spot/public/coins answers them
 * (docs/records.md neighbour; doc example `classic.spot.public.coins.json`): one chain
 * named after the coin; the sandbox has no deposits or withdrawals, so both are `"false"`.
 *
 * @example
 * import { coinRecords, defaultInstruments } from '@tradeline/sandbox'
 * coinRecords(defaultInstruments).map((c) => c.coin) // ['BTC', 'USDT', 'ETH', 'rAAPL', 'USD', 'USDC']
 */
export function coinRecords(
  instruments: Iterable<SandboxInstrument>,
): { coin: string; [field: string]: unknown }[] {
  const coins: string[] = []
  for (const instrument of instruments) {
    const { base, quote } = coinsOf(instrument)
    for (const coin of [base, quote]) if (!coins.includes(coin)) coins.push(coin)
  }
  return coins.map((coin, index) => ({
    coinId: String(index + 1),
    coin,
    transfer: 'true',
    chains: [
      {
        chain: coin,
        needTag: 'false',
        withdrawable: 'false',
        rechargeable: 'false',
        withdrawFee: '0',
        extraWithdrawFee: '0',
        depositConfirm: '0',
        withdrawConfirm: '0',
        minDepositAmount: '0',
        minWithdrawAmount: '0',
        browserUrl: '',
        contractAddress: '',
        withdrawStep: '0',
        withdrawMinScale: '8',
        congestion: 'normal',
      },
    ],
  }))
}
