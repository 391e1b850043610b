/**
 * Response records of the stockplus market data and option discovery endpoints (option
 * expiries, chain, volume, quote, candles), read leniently like ./records.ts: numbers that may
 * arrive as JSON strings or numbers as decimal strings, `expiryDate` as `YYYY-MM-DD`,
 * timestamps as Unix milliseconds, `tradeStatus` and `tradeSession` as `{ code, name }`, the
 * extended-session sub-quotes `null` where the exchange sends none. Unknown fields are kept.
 */
import { Fields } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import * as v from 'valibot'
import { quoteFields, timestamp, tradeSession } from './records.js'

const { decimal, list, text } = Fields

/** `data` of an endpoint that wraps its records in one key: the records, each read by `item`. */
function listIn<const key extends string, item extends v.GenericSchema>(key: key, item: item) {
  return v.pipe(
    Fields.record({ [key]: list(item) } as Record<key, ReturnType<typeof list<item>>>),
    v.transform((data) => data[key] as v.InferOutput<ReturnType<typeof list<item>>>),
  )
}

/** An expiry date as sent (`YYYYMMDD`, `YYMMDD`), returned as `YYYY-MM-DD`; kept as sent when unreadable. */
const expiryText = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => Securities.normalizeExpiryDate(value) ?? String(value)),
)

/** `data` of market/option-expiry-date: its `expiryDate` list, as `YYYY-MM-DD`. */
export const optionExpiryDates = listIn('expiryDate', expiryText)

/** One strike of market/option-chain-info: `price`, `callSymbol`, `putSymbol`, `standard`. */
export const strikePrice = Fields.record({
  price: decimal,
  callSymbol: text,
  putSymbol: text,
  standard: v.optional(v.nullable(v.boolean()), null),
})
/** A strike of an option chain. */
export type StrikePrice = v.InferOutput<typeof strikePrice>
/** `data` of market/option-chain-info: its `strikePriceInfo`. */
export const optionChain = listIn('strikePriceInfo', strikePrice)

/** `data` of market/option-volume: today's call (`c`) and put (`p`) volume. */
export const optionVolume = Fields.record({ c: decimal, p: decimal })
/** The option volume of an underlying. */
export type OptionVolume = v.InferOutput<typeof optionVolume>

/** A pre-market, after-hours or overnight sub-quote of market/quote. */
export const sessionQuote = Fields.record({
  lastDone: decimal,
  timestamp,
  volume: decimal,
  turnover: decimal,
  high: decimal,
  low: decimal,
  prevClose: decimal,
})
/** A sub-quote of one extended session. */
export type SessionQuote = v.InferOutput<typeof sessionQuote>

const subQuote = v.optional(v.nullable(sessionQuote), null)

/** One symbol of market/quote. */
export const quote = Fields.record({
  ...quoteFields,
  preMarketQuote: subQuote,
  postMarketQuote: subQuote,
  overnightQuote: subQuote,
})
/** A real-time quote. */
export type Quote = v.InferOutput<typeof quote>
/** `data` of market/quote: its `list`. */
export const quotes = listIn('list', quote)

/** One candle of market/candlestick and market/history-candlestick. */
export const stockCandle = Fields.record({
  close: decimal,
  open: decimal,
  low: decimal,
  high: decimal,
  volume: decimal,
  turnover: decimal,
  timestamp,
  tradeSession,
})
/** A candle. */
export type StockCandle = v.InferOutput<typeof stockCandle>
/** `data` of the candle endpoints: its `list`. */
export const stockCandles = listIn('list', stockCandle)
