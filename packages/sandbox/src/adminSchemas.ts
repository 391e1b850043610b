/**
 * The schema of every admin route's input (bounds in `adminBounds`, documented in the README).
 */
import * as v from 'valibot'
import {
  adminBounds,
  between,
  body,
  byName,
  clientOid,
  decimal,
  name,
  oneOf,
  opt,
  record,
  signedDecimal,
  text,
  time,
  whole,
} from './adminInput.js'
import { walletStatuses } from './exchange/wallet.js'
import { faultCodes, faultKinds } from './faults.js'
import { orderStatuses } from './orders.js'
import { accountModes, instrumentStatuses, permissions } from './state.js'

const uid = opt(name)
const side = oneOf(['buy', 'sell'])
const yesNo = oneOf(['yes', 'no'])
const line = opt(oneOf(['classic']))
const mode = oneOf(['one_way', 'hedge'])
const flag = v.boolean('expected true or false')

/** `POST /sandbox/prices`. */
export const prices = body({
  symbol: opt(name),
  price: opt(decimal),
  prices: opt(byName(decimal)),
  marks: opt(byName(v.union([decimal, v.literal('')], 'expected a decimal string or ""'))),
})

/** `POST /sandbox/clock/advance`. */
export const advance = body({ ms: whole(0, adminBounds.advanceMs) })

/** `POST /sandbox/faults`. */
export const fault = body({
  path: v.pipe(text(adminBounds.path), v.startsWith('/', 'expected a path starting with /')),
  kind: oneOf(faultKinds),
  method: opt(oneOf(['GET', 'POST'])),
  code: opt(oneOf(faultCodes)),
  delayMs: opt(whole(0, adminBounds.delayMs)),
  applied: opt(flag),
  times: opt(whole(1, adminBounds.faultTimes)),
  retryAfterMs: opt(whole(0, adminBounds.retryAfterMs)),
  echo: opt(
    body({
      as: opt(oneOf(['envelope', 'page'])),
      status: opt(whole(200, 599)),
      code: opt(name),
    }),
  ),
})

/** `DELETE /sandbox/faults?path=`. */
export const clearFaults = body({ path: opt(text(adminBounds.path)) })

/** `POST /sandbox/keys`. */
export const key = body({
  apiKey: opt(name),
  secret: opt(text(128)),
  passphrase: opt(v.pipe(text(64), v.minLength(1, 'expected 1 to 64 characters'))),
  uid,
  permissions: opt(
    v.pipe(
      v.array(oneOf(permissions), 'expected a list of permissions'),
      v.maxLength(permissions.length, `expected at most ${permissions.length} permissions`),
    ),
  ),
  demo: opt(flag),
  publicKey: opt(text(adminBounds.pem)),
  eliteTrader: opt(flag),
  accountMode: opt(oneOf(accountModes)),
})

/** A category in any case, answered upper-case (as the admin stores it). */
const upper = <const options extends readonly [string, ...string[]]>(options: options) =>
  v.pipe(
    v.string(`expected one of ${options.join(', ')}`),
    v.maxLength(32, `expected one of ${options.join(', ')}`),
    v.transform((value) => value.toUpperCase()),
    oneOf(options),
  )
const category = upper(['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])
const futures = upper(['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])

/** `POST /sandbox/instruments`. */
export const instrument = record({
  symbol: name,
  category,
  priceMultiplier: opt(decimal),
  pricePrecision: opt(whole(0, 18)),
  sizeMultiplier: opt(decimal),
  minOrderAmount: opt(decimal),
  minTradeUSDT: opt(decimal),
  baseCoin: opt(name),
  quoteCoin: opt(name),
  maxLeverage: opt(decimal),
  priceBandRatio: opt(decimal),
  status: opt(oneOf(instrumentStatuses)),
})

/** `POST /sandbox/orders`: the order's fields (others are kept as given). */
export const order = record({
  category,
  symbol: name,
  side,
  orderType: oneOf(['limit', 'market']),
  qty: decimal,
  price: opt(decimal),
  line,
  orderId: opt(name),
  clientOid: opt(clientOid),
  uid,
  filledQty: opt(decimal),
  status: opt(oneOf(orderStatuses)),
  posSide: opt(oneOf(['long', 'short'])),
  reduceOnly: opt(yesNo),
  timeInForce: opt(name),
  avgPrice: opt(decimal),
  cancelReason: opt(name),
  autoBorrow: opt(yesNo),
  marginMode: opt(name),
  stpMode: opt(name),
  presets: opt(byName(decimal)),
  marginCoin: opt(name),
  source: opt(name),
})

/** `POST /sandbox/fill`. */
export const fill = body({ orderId: name, qty: opt(decimal) })

/** `POST /sandbox/modifications`. */
export const modifications = body({
  delayMs: opt(whole(0, adminBounds.advanceMs)),
  hold: opt(flag),
})

/** `POST /sandbox/balances`. */
export const balance = body({ coin: name, amount: signedDecimal, uid })

/** `POST /sandbox/deposits`. */
export const deposit = body({
  coin: name,
  size: decimal,
  uid,
  chain: opt(name),
  dest: opt(oneOf(['on_chain', 'internal_transfer'])),
  status: opt(oneOf(walletStatuses)),
  fromAddress: opt(text()),
})

/** `POST /sandbox/position-mode`. */
export const positionMode = body({ mode, uid, category: opt(category) })

/** `POST /sandbox/classic/position-mode`. */
export const classicPositionMode = body({
  mode,
  uid,
  productType: opt(futures),
})

/** `POST /sandbox/classic/settings`. */
export const classicSettings = body({
  hedgeClose: opt(oneOf(['remainder', 'error'])),
  eliteTraderPairs: opt(
    v.pipe(
      v.array(name, 'expected a list of symbols'),
      v.maxLength(adminBounds.symbols, `expected at most ${adminBounds.symbols} symbols`),
    ),
  ),
})

/** `POST /sandbox/positions`: the position's fields (others are kept as given). */
export const position = v.pipe(
  record({
    category: futures,
    symbol: name,
    side: oneOf(['long', 'short', 'net']),
    size: signedDecimal,
    uid,
    line,
    entryPrice: opt(decimal),
    createdTime: opt(time),
    marginMode: opt(name),
    realisedPnl: opt(signedDecimal),
    takeProfit: opt(decimal),
    stopLoss: opt(decimal),
    takeProfitId: opt(name),
    stopLossId: opt(name),
  }),
  v.check(
    (input) => input.side === 'net' || !input.size.startsWith('-'),
    'expected a size >= 0 for a long or short position (only net is signed)',
  ),
)

/** `POST /sandbox/fills`. */
export const addedFill = record({
  symbol: name,
  side,
  price: decimal,
  qty: decimal,
  ts: time,
  execId: opt(name),
  orderId: opt(name),
  clientOid: opt(clientOid),
  uid,
  category: opt(category),
  line,
  tradeScope: opt(oneOf(['taker', 'maker'])),
  pnl: opt(signedDecimal),
  fee: opt(signedDecimal),
})

/** `POST /sandbox/stockplus/numbers-as`. */
export const numbersAs = body({ as: oneOf(['string', 'number']) })

/** `POST /sandbox/stockplus/cash`. */
export const stockCash = body({ amount: decimal, uid })

/** `POST /sandbox/stockplus/positions`. */
export const stockPosition = body({
  symbol: name,
  quantity: v.union(
    [whole(0, adminBounds.shares), v.pipe(v.string(), v.regex(/^\d{1,20}$/))],
    `expected a whole number of shares from 0 to ${adminBounds.shares} (or its digits as a string)`,
  ),
  costPrice: opt(v.union([between(0, 1e12), decimal], 'expected a price >= 0')),
  uid,
})

/** `POST /sandbox/stockplus/fee-rate`. */
export const stockFeeRate = body({ rate: decimal })

/** `POST /sandbox/stockplus/fills`. */
export const stockFill = body({ orderId: name, quantity: opt(decimal), price: opt(decimal) })

/** `POST /sandbox/stockplus/executions`. */
export const executions = v.pipe(
  body({
    count: whole(0, adminBounds.executions),
    from: time,
    to: time,
    symbol: opt(name),
    price: opt(between(0, 1e12)),
    quantity: opt(whole(1, adminBounds.shares)),
    uid,
  }),
  v.check((input) => input.to >= input.from, 'to: expected a time at or after from'),
)

/** `POST /sandbox/savings/subscriptions`. */
export const savingsSubscription = body({
  productId: v.union([name, whole(0, Number.MAX_SAFE_INTEGER)], 'expected a product id'),
  amount: decimal,
  uid,
})

/** `POST /sandbox/ws/stall-pongs`, `/sandbox/ws/refuse`. */
export const toggle = body({ on: opt(flag) })

/** `POST /sandbox/ws/market/step`, `/sandbox/ws/market/corrupt-checksum`. */
export const marketStep = body({
  symbol: name,
  count: opt(whole(1, 1_000_000)),
  category: opt(category),
})

/** `GET /sandbox/ws/market/book?symbol=&category=`. */
export const bookQuery = body({ symbol: name, category: opt(category) })

/** `GET /sandbox/order-history?uid=&orderId=&afterSeq=`. */
export const orderHistoryQuery = body({
  uid,
  orderId: opt(name),
  afterSeq: opt(
    v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'expected a whole number >= 0'), v.transform(Number)),
  ),
})

const feeRate = signedDecimal
/** `POST /sandbox/fees`. */
export const fees = body({
  maker: feeRate,
  taker: feeRate,
  symbols: opt(byName(body({ maker: feeRate, taker: feeRate }))),
})

/** `POST /sandbox/funding-rate`. */
export const fundingRate = body({
  symbol: name,
  rate: signedDecimal,
  intervalHours: opt(v.picklist([1, 2, 4, 8], 'expected 1, 2, 4 or 8')),
})

/** A route that takes no input (`{}` or an empty body). */
export const none = body({})
