/**
 * Response records of the stockplus endpoints (docs/exchange-conventions.md, "Securities and options"), read
 * leniently with core's `Fields` and normalised: a number that may arrive as a JSON string or a
 * JSON number comes out as a decimal string; `expiryDate` (YYMMDD or YYYYMMDD) as `YYYY-MM-DD`;
 * timestamps (ISO 8601, or Unix milliseconds as a number or a string) as Unix milliseconds (a
 * `number`); coded values (`tradeType`, `tradeStatus`, `riskLevel`, `tradeSession`, `direction`,
 * `contractType`) as `{ code, name }` keeping the raw code. Unknown fields are kept.
 */
import { Fields } from '@tradeline/core'
import { Securities } from '@tradeline/rules/securities'
import * as v from 'valibot'

const { decimal, id, integer, list, text } = Fields

/**
 * A time as Unix milliseconds: read from ISO 8601 text, or from Unix milliseconds given as a
 * number or a digit string; `null` when absent, empty or unreadable.
 *
 * @example
 * import * as v from 'valibot'
 * import { timestamp } from './schemas/records.js'
 * v.parse(timestamp, '2026-01-16T14:30:00Z') // 1768573800000
 * v.parse(timestamp, '1768573800000') // 1768573800000
 */
export const timestamp = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((value): number | null => {
    if (value === null || value === '') return null
    if (typeof value === 'number') return Number.isFinite(value) ? value : null
    if (/^\d+$/.test(value)) return Number(value)
    const ms = Date.parse(value)
    return Number.isNaN(ms) ? null : ms
  }),
)

/** A coded value with its name: the raw `code` as sent and its `name` (`null` when unknown). */
export type Coded<name extends string> = { readonly code: string; readonly name: name | null }

function coded<name extends string>(
  nameOf: (code: string) => name | undefined,
  options: { keepSpace?: boolean } = {},
) {
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()])), null),
    v.transform((value): Coded<name> | null => {
      if (value === null) return null
      const code = String(value)
      if (code === '' && !options.keepSpace) return null
      return { code, name: nameOf(code) ?? null }
    }),
  )
}

const inList =
  <const list extends readonly string[]>(values: list) =>
  (code: string): list[number] | undefined =>
    values.find((item) => item === code)

/** `tradeType` of a trade: a space (or an empty string, a space trimmed away) is a regular sale. */
export const tradeType = coded(Securities.tradeTypeName, { keepSpace: true })
/** `tradeStatus` of an option quote (0 Normal to 10 Terminated). */
export const tradeStatus = coded(Securities.tradeStatusName)
/** `riskLevel` of an account (0 Safe to 3 Danger). */
export const riskLevel = coded(Securities.riskLevelName)
/** `tradeSession` of a trade (`Intraday`, `Pre`, `Post`, `Overnight`). */
export const tradeSession = coded(inList(Securities.tradeSessions))
/** `direction` of a trade (`Up`, `Down`, `Neutral`). */
export const tradeDirection = coded(inList(Securities.tradeDirections))
/** `direction` of an option (`P` put, `C` call). */
export const optionDirection = coded(Securities.optionDirectionName)
/** `contractType` of an option (`A` American, `U` European). */
export const contractType = coded(Securities.contractTypeName)

/** An option expiry date, YYMMDD or YYYYMMDD, as `YYYY-MM-DD`; `null` when absent or unreadable. */
export const expiryDate = v.pipe(
  v.optional(v.nullable(v.union([v.string(), v.number()])), null),
  v.transform((value): string | null =>
    value === null || value === '' ? null : (Securities.normalizeExpiryDate(value) ?? null),
  ),
)

/** An order acknowledgement: `orderId`, `clientOid` (`null` when empty: none is sent), `symbol`. */
export const orderAck = Fields.record({
  orderId: id,
  clientOid: text,
  symbol: text,
})
/** An order acknowledgement. */
export type OrderAck = v.InferOutput<typeof orderAck>

const level = Fields.record({
  position: integer,
  price: decimal,
  volume: decimal,
  orderNum: integer,
})
/** `data` of market/depth: `asks` and `bids`. */
export const depth = Fields.record({ asks: list(level), bids: list(level) })
/** An order book. */
export type Depth = v.InferOutput<typeof depth>

/** One trade of market/trade. */
export const trade = Fields.record({
  price: decimal,
  volume: decimal,
  timestamp,
  tradeType,
  direction: tradeDirection,
  tradeSession,
})
/** A trade. */
export type Trade = v.InferOutput<typeof trade>
/** `data` of market/trade. */
export const trades = list(trade)

/** One minute of market/intraday. */
export const minute = Fields.record({
  price: decimal,
  timestamp,
  volume: decimal,
  turnover: decimal,
  avgPrice: decimal,
})
/** A minute of intraday data. */
export type Minute = v.InferOutput<typeof minute>
/** `data` of market/intraday: its `list`. */
export const intraday = v.pipe(
  Fields.record({ list: list(minute) }),
  v.transform((data) => data.list),
)

/** One symbol of market/static. */
export const staticInfo = Fields.record({
  symbol: v.string(),
  nameCn: text,
  nameEn: text,
  exchange: text,
  currency: text,
  lotSize: integer,
  totalShares: decimal,
  circulatingShares: decimal,
  eps: decimal,
  epsTtm: decimal,
  bps: decimal,
  dividendYield: decimal,
  stockDerivatives: list(v.string()),
  board: text,
})
/** Static data of a symbol. */
export type StaticInfo = v.InferOutput<typeof staticInfo>
/** `data` of market/static: its `list`. */
export const staticList = v.pipe(
  Fields.record({ list: list(staticInfo) }),
  v.transform((data) => data.list),
)

/** The fields a quote of market/quote and an option quote of market/option-quote share, in their order. */
export const quoteFields = {
  symbol: v.string(),
  lastDone: decimal,
  prevClose: decimal,
  open: decimal,
  high: decimal,
  low: decimal,
  timestamp,
  volume: decimal,
  turnover: decimal,
  tradeStatus,
}

/** One option of market/option-quote. */
export const optionQuote = Fields.record({
  ...quoteFields,
  impliedVolatility: decimal,
  openInterest: decimal,
  expiryDate,
  strikePrice: decimal,
  contractMultipier: decimal,
  contractType,
  contractSize: decimal,
  direction: optionDirection,
  historicalVolatility: decimal,
  underlyingSymbol: text,
})
/** An option quote. */
export type OptionQuote = v.InferOutput<typeof optionQuote>
/** `data` of market/option-quote: its `secuQuote`. */
export const optionQuotes = v.pipe(
  Fields.record({ secuQuote: list(optionQuote) }),
  v.transform((data) => data.secuQuote),
)

const cashInfo = Fields.record({
  withdrawCash: decimal,
  availableCash: decimal,
  frozenCash: decimal,
  settlingCash: decimal,
  currency: text,
})
/**
 * One frozen transaction fee of asset/account: the currency and the amount held for fees of
 * orders not yet settled (fields as bitget-api 3.2.3 types them; no example is published).
 */
const frozenTransactionFee = Fields.record({
  currency: text,
  amount: decimal,
})
/** The funds of one currency of asset/account. */
export const funds = Fields.record({
  totalCash: decimal,
  maxFinanceAmount: decimal,
  remainingFinanceAmount: decimal,
  riskLevel,
  marginCall: decimal,
  netAssets: decimal,
  initMargin: decimal,
  maintenanceMargin: decimal,
  currency: text,
  buyPower: decimal,
  cashInfos: list(cashInfo),
  frozenTransactionFees: list(frozenTransactionFee),
})
/** Funds of one currency. */
export type Funds = v.InferOutput<typeof funds>
/** `data` of asset/account: its `list`. */
export const fundsList = v.pipe(
  Fields.record({ list: list(funds) }),
  v.transform((data) => data.list),
)

const position = Fields.record({
  symbol: v.string(),
  symbolName: text,
  quantity: decimal,
  availableQuantity: decimal,
  currency: text,
  costPrice: decimal,
  market: text,
  initQuantity: decimal,
})
/** A held position. */
export type Position = v.InferOutput<typeof position>
/** One channel of asset/stock-position: `accountChannel` and its `positions`. */
export const channel = Fields.record({ accountChannel: text, positions: list(position) })
/** A channel of positions. */
export type Channel = v.InferOutput<typeof channel>
/** `data` of asset/stock-position: its `channels`. */
export const channels = v.pipe(
  Fields.record({ channels: list(channel) }),
  v.transform((data) => data.channels),
)

/** One execution of trade/history-executions. */
export const execution = Fields.record({
  orderId: id,
  tradeId: id,
  symbol: text,
  tradeDoneAt: timestamp,
  quantity: decimal,
  price: decimal,
})
/** An execution. */
export type Execution = v.InferOutput<typeof execution>
/** `data` of trade/history-executions: `hasMore` and `trades`. */
export const executionsPage = Fields.record({
  hasMore: v.optional(v.nullable(v.boolean()), false),
  trades: list(execution),
})
/** A page of executions. */
export type ExecutionsPage = v.InferOutput<typeof executionsPage>

/** `data` of asset/transfer: `transferId`. */
export const transferAck = Fields.record({ transferId: id })
/** A transfer acknowledgement. */
export type TransferAck = v.InferOutput<typeof transferAck>
