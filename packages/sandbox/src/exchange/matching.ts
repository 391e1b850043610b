/**
 * The matching machinery both account lines share: arrival checks ({@link admitOrder}),
 * entering the book ({@link enterOrder}), filling and cancelling against the admin price. A
 * market order fills at once at the price; a limit buy fills when the price is at or below its
 * limit (a sell at or above), at placement (at the admin price) or later (at its limit);
 * `ioc`, `fok` and `post_only` decide what happens to a limit order at placement. The unified
 * account's own rules live in {@link placeOrder}; the classic account's in `./classic/`.
 */
import { Category, Decimal, ProductLine, Unified } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../envelope.js'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'
import { adjust, affords, balanceOf, coinsOf } from './balances.js'
import { failures, unknownSymbol } from './codes.js'
import { bookFuturesFill, bookSpotFill, sizeBefore } from './ledger.js'
import { applyFuturesFill, reducible } from './positions.js'
import { noteRTokenOrder } from './rTokenExpiry.js'
import type { Fill } from './types.js'

const big = (value: string): Big => new Big(value)

/** A place-order request after the rules' check (normalised). */
export type PlaceRequest = {
  readonly category: string
  readonly symbol: string
  readonly qty: string
  readonly side: 'buy' | 'sell'
  readonly orderType: 'limit' | 'market'
  readonly price?: string | undefined
  readonly timeInForce?: string | undefined
  readonly posSide?: 'long' | 'short' | undefined
  readonly clientOid?: string | undefined
  readonly reduceOnly?: 'yes' | 'no' | undefined
  readonly autoBorrow?: 'yes' | 'no' | undefined
  readonly pxAmendType?: 'yes' | 'no' | undefined
  /** rToken pairs: `gtd` (the session, by default) or `gtc` (90 days). */
  readonly rTokenTimeInForce?: string | undefined
  readonly [field: string]: unknown
}

/** The outcome of {@link placeOrder}. */
export type Placed =
  | { readonly ok: true; readonly order: Order; readonly orderIdIsNull: boolean }
  | { readonly ok: false; readonly error: Failure }

const presetFields = [
  'takeProfit',
  'stopLoss',
  'tpTriggerBy',
  'slTriggerBy',
  'tpOrderType',
  'slOrderType',
  'tpLimitPrice',
  'slLimitPrice',
]

/** Whether a limit order crosses `price` (buy at or below, sell at or above). */
export function crosses(side: 'buy' | 'sell', limit: string, price: string): boolean {
  return side === 'buy' ? big(price).lte(limit) : big(price).gte(limit)
}

/**
 * A limit price checked against the band price x (1 +/- ratio): kept inside, moved to the edge
 * (on the price step) with `amend`, else `undefined`.
 */
export function withinBand(
  state: SandboxState,
  category: string,
  symbol: string,
  side: 'buy' | 'sell',
  limit: string,
  amend: boolean,
): string | undefined {
  const instrument = state.instruments.get(category, symbol)
  const last = state.prices.get(symbol)
  if (!instrument || last === undefined) return limit
  const ratio = big(instrument.priceBandRatio ?? '0.2')
  const edge =
    side === 'buy' ? big(last).times(ratio.plus(1)) : big(last).times(big('1').minus(ratio))
  const inside = side === 'buy' ? big(limit).lte(edge) : big(limit).gte(edge)
  if (inside) return limit
  if (!amend) return undefined
  const stepText =
    instrument.priceMultiplier ??
    big('10')
      .pow(-(instrument.pricePrecision ?? 8))
      .toFixed()
  // Recorded normalised, as every price is (the step's places would write `78000.0`).
  return Decimal.trimZeros(
    Decimal.roundToStep(edge.toFixed(), stepText, side === 'buy' ? 'down' : 'up'),
  )
}

/** The instrument of a request, checked against its category (SPOT instruments trade as MARGIN). */
export function instrumentFor(state: SandboxState, category: string, symbol: string) {
  return state.instruments.get(category, symbol)
}

/** What every order is checked for on arrival, whatever its line. */
export type Arrival = {
  readonly category: string
  readonly symbol: string
  readonly side: 'buy' | 'sell'
  readonly orderType: 'limit' | 'market'
  readonly price?: string | undefined
  readonly clientOid?: string | undefined
  readonly pxAmendType?: 'yes' | 'no' | undefined
}

/** The outcome of {@link admitOrder}: the price to match against and the limit price kept. */
export type Admitted =
  | { readonly ok: true; readonly last: string; readonly price: string | undefined }
  | { readonly ok: false; readonly error: Failure }

/**
 * The checks an order meets on arrival on either line: a symbol the sandbox lists in the
 * category asked (40034), a price for it, a clientOid the account has not used (`duplicate`,
 * the line's code) and a limit price inside the band (moved to its edge with `pxAmendType`).
 */
export function admitOrder(
  state: SandboxState,
  uid: string,
  arrival: Arrival,
  options: { duplicate?: Failure | undefined } = {},
): Admitted {
  const { symbol, side } = arrival
  if (!instrumentFor(state, arrival.category, symbol)) return fail(unknownSymbol(symbol))
  const last = state.prices.get(symbol)
  if (last === undefined)
    return fail({
      code: '40017',
      msg: `parameter verification failed: symbol: no price for "${symbol}"`,
    })
  if (arrival.clientOid !== undefined && state.orders.byClientOid(uid, arrival.clientOid))
    return fail(options.duplicate ?? failures.duplicate)
  let price = arrival.orderType === 'limit' ? arrival.price : undefined
  if (price !== undefined) {
    price = withinBand(state, arrival.category, symbol, side, price, arrival.pxAmendType === 'yes')
    if (price === undefined) return fail(failures.band)
  }
  return { ok: true, last, price }
}

/** An order as it enters the book: its identity and state are filled in by {@link enterOrder}. */
export type Entering = Omit<
  Order,
  'orderId' | 'clientOid' | 'filledQty' | 'status' | 'createdTime' | 'updatedTime'
> & { readonly clientOid?: string | undefined }

/**
 * Puts an admitted order in the book and matches it against `last`, the price it arrived at:
 * a market order fills at once and fully; a limit order that crosses fills (at `last`) unless
 * it is `post_only` (then cancelled), and an `ioc`/`fok` limit that does not cross is
 * cancelled. Shared by every line.
 */
export function enterOrder(state: SandboxState, entering: Entering, last: string): Order {
  const now = state.clock.now()
  const orderId = state.ids.orderId()
  let order = state.orders.add({
    ...entering,
    orderId,
    clientOid: entering.clientOid ?? `sbx${orderId}`,
    filledQty: '0',
    status: 'live',
    createdTime: now,
    updatedTime: now,
  })
  const futures = Category.isFutures(order.category as Category.Category)
  if (order.orderType === 'market') {
    const quoteQty = !futures && order.side === 'buy'
    const qty = quoteQty ? baseFor(state, order.category, order.symbol, order.qty, last) : order.qty
    // A spot market buy that buys less than one base step never gets here: `placeOrder`, the
    // only way in for one (a triggered strategy order too), refuses it.
    order = fillOrder(state, orderId, qty, last, { complete: true, tradeScope: 'taker' })
  } else if (order.price !== undefined) {
    const tif = order.timeInForce
    const crossing = crosses(order.side, order.price, last)
    if (crossing && tif === 'post_only') order = cancelOrder(state, orderId, 'postOnly')
    else if (crossing) order = fillOrder(state, orderId, order.qty, last, { tradeScope: 'taker' })
    else if (tif === 'ioc' || tif === 'fok') order = cancelOrder(state, orderId, tif)
  }
  return order
}

/** Places a unified-account order for `uid`: arrival checks, rule 5, the balance, then matching. */
export function placeOrder(state: SandboxState, uid: string, request: PlaceRequest): Placed {
  const { symbol, side } = request
  const category = request.category.toUpperCase()
  const admitted = admitOrder(state, uid, { ...request, category })
  if (!admitted.ok) return admitted
  const { last, price } = admitted
  const futures = Category.isFutures(category as Category.Category)
  const draft = {
    uid,
    category,
    symbol,
    side,
    posSide: request.posSide,
    reduceOnly: request.reduceOnly,
    orderType: request.orderType,
    autoBorrow: request.autoBorrow,
  }
  let cancel: readonly string[] = []
  let orderIdIsNull = false
  if (futures && request.reduceOnly === 'yes') {
    const position = reducible(state, draft)
    if (big(position).isZero()) return fail(failures.noPosition)
    const open = state.orders
      .list({ uid, symbol, line: 'unified', statuses: openStatuses })
      .filter((o) => o.reduceOnly === 'yes' && o.side === side)
      .reverse()
      .map((o) => ({ orderId: o.orderId, qty: big(o.qty).minus(o.filledQty).toFixed() }))
    const replacement = Unified.reduceOnlyReplacement({ position, open, qty: request.qty })
    cancel = replacement.cancel
    orderIdIsNull = replacement.orderIdIsNull
  }
  if (!affords(state, uid, draft, request.qty, price ?? last)) return fail(failures.balance)
  // A spot market buy's qty is its quote amount: one that buys less than one base step at the
  // price now is refused as a size below the minimum, as the exchange refuses a quantity that
  // rounds to nothing, rather than accepted and filled by nothing.
  if (
    !futures &&
    request.orderType === 'market' &&
    side === 'buy' &&
    big(baseFor(state, category, symbol, request.qty, last)).isZero()
  )
    return fail(failures.size)
  for (const orderId of cancel) cancelOrder(state, orderId, 'reduceOnlyReplaced')
  const presets = Object.fromEntries(
    presetFields.flatMap((f) =>
      typeof request[f] === 'string' ? [[f, request[f] as string]] : [],
    ),
  )
  const order = enterOrder(
    state,
    {
      ...draft,
      clientOid: request.clientOid,
      qty: request.qty,
      ...(price !== undefined && { price }),
      // "Default `gtc` for limit; market orders run as `ioc`; ignored for rToken pairs."
      ...(ProductLine.isRToken(symbol)
        ? {}
        : { timeInForce: draft.orderType === 'market' ? 'ioc' : (request.timeInForce ?? 'gtc') }),
      ...(Object.keys(presets).length > 0 && { presets }),
      ...(typeof request.marginMode === 'string' && { marginMode: request.marginMode }),
      ...(typeof request.stpMode === 'string' && { stpMode: request.stpMode }),
      reduceOnly: request.reduceOnly ?? 'no',
    },
    last,
  )
  noteRTokenOrder(state, order, request.rTokenTimeInForce, state.clock.now())
  return { ok: true, order, orderIdIsNull }
}

/** The base quantity a spot market buy of `quoteQty` gets at `price`, on the size step of its category's instrument. */
function baseFor(
  state: SandboxState,
  category: string,
  symbol: string,
  quoteQty: string,
  price: string,
): string {
  const step = state.instruments.get(category, symbol)?.sizeMultiplier ?? '0.00000001'
  // Written without trailing fractional zeros, as every decimal the sandbox answers ("0.0100" at
  // a step of 0.0001 is "0.01": the order's cumExecQty and its fill's execQty say the same).
  return Decimal.trimZeros(Decimal.roundToStep(big(quoteQty).div(price).toFixed(), step, 'down'))
}

/**
 * Fills `qty` (base coin) of an open order at `price`: the order's cumulative quantity, average
 * price and status, a fill record, the balances and positions. `complete` marks it filled
 * whatever the quantity (a spot market buy, whose qty is in the quote coin).
 */
export function fillOrder(
  state: SandboxState,
  orderId: string,
  qty: string,
  price: string,
  options: {
    complete?: boolean | undefined
    /** @default 'maker' (the order rested before it filled) */
    tradeScope?: 'taker' | 'maker' | undefined
  } = {},
): Order {
  return state.events.group(() => fillGrouped(state, orderId, qty, price, options))
}

function fillGrouped(
  state: SandboxState,
  orderId: string,
  qty: string,
  price: string,
  options: Parameters<typeof fillOrder>[4] & {},
): Order {
  const order = state.orders.get(orderId)
  if (!order || !openStatuses.includes(order.status))
    throw new Error(`Order ${orderId} is not open`)
  const now = state.clock.now()
  const filled = big(order.filledQty).plus(qty)
  // A fill of nothing (a spot market buy whose quote amount buys less than one base step) keeps
  // the average: 0 / 0 was written out as the price "NaN".
  const avg = filled.isZero()
    ? (order.avgPrice ?? '0')
    : big(order.avgPrice ?? '0')
        .times(order.filledQty)
        .plus(big(qty).times(price))
        .div(filled)
        .toDecimalPlaces(8)
        .toFixed()
  const done = options.complete || filled.gte(order.qty)
  const updated = state.orders.update(orderId, {
    filledQty: filled.toFixed(),
    avgPrice: avg,
    status: done ? 'filled' : 'partially_filled',
    updatedTime: now,
  })
  const fill: Fill = {
    execId: state.ids.orderId(),
    ...(order.line === 'classic' && { line: order.line }),
    orderId,
    clientOid: order.clientOid,
    uid: order.uid,
    category: order.category,
    symbol: order.symbol,
    side: order.side,
    price,
    qty,
    ts: now,
    tradeScope: options.tradeScope ?? 'maker',
  }
  const category = order.category as Category.Category
  if (Category.isFutures(category)) {
    // The realised profit is what closing moved the margin coin by (opening moves nothing).
    const instrument = state.instruments.get(order.category, order.symbol)
    const coins = instrument && coinsOf(instrument)
    const coin = coins && (category === 'COIN-FUTURES' ? coins.base : coins.quote)
    const before = coin === undefined ? undefined : balanceOf(state, order.uid, coin)
    const size = sizeBefore(state, order)
    applyFuturesFill(state, order, qty, price)
    const pnl =
      coin === undefined || before === undefined
        ? '0'
        : balanceOf(state, order.uid, coin).minus(before).toFixed()
    const fee = bookFuturesFill(state, order, fill, pnl, size)
    state.fills.push({ ...fill, pnl, fee })
    state.events.emit({ type: 'fill', fill: { ...fill, pnl, fee } })
  } else {
    state.fills.push(fill)
    state.events.emit({ type: 'fill', fill })
    const instrument = state.instruments.get(order.category, order.symbol)
    if (instrument) {
      const { base, quote } = coinsOf(instrument)
      const value = big(qty).times(price)
      const sign = order.side === 'buy' ? 1 : -1
      adjust(state, order.uid, base, big(qty).times(sign))
      adjust(state, order.uid, quote, value.times(-sign))
      bookSpotFill(state, order, fill, { base, quote })
    }
  }
  if (done)
    state.modifications.splice(
      0,
      state.modifications.length,
      ...state.modifications.filter((m) => m.orderId !== orderId),
    )
  return updated
}

/** Cancels an open order with a reason; its pending modifications are dropped. */
export function cancelOrder(
  state: SandboxState,
  orderId: string,
  reason: string,
  at?: number,
): Order {
  const order = state.orders.get(orderId)
  if (!order) throw new Error(`Unknown orderId ${orderId}`)
  if (!openStatuses.includes(order.status)) return order
  const kept = state.modifications.filter((m) => m.orderId !== orderId)
  state.modifications.splice(0, state.modifications.length, ...kept)
  return state.orders.update(orderId, {
    status: 'cancelled',
    cancelReason: reason,
    updatedTime: at ?? state.clock.now(),
  })
}

/** Fills every open limit order of `symbol` that the current price crosses, at its limit. */
export function matchOpenOrders(state: SandboxState, symbol: string): void {
  const price = state.prices.get(symbol)
  if (price === undefined) return
  const open = state.orders.list({ symbol, statuses: openStatuses }).reverse()
  for (const order of open) {
    if (order.orderType !== 'limit' || order.price === undefined) continue
    if (!crosses(order.side, order.price, price)) continue
    fillOrder(state, order.orderId, big(order.qty).minus(order.filledQty).toFixed(), order.price)
  }
}

function fail(error: Failure): { readonly ok: false; readonly error: Failure } {
  return { ok: false, error }
}
