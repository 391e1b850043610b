/**
 * Placing a classic futures order (place-order and the items of
 * batch-place-order): the arrival checks shared with the unified account, then the classic
 * account's rules — rule 1 mappings, the margin coin and margin mode, rule 2 (one-way
 * reduce-only orders, `settleReduceOnly`), rules 3 and 4 (hedge close orders,
 * `settleHedgeClose`), the batch presets (`batchPresetEffect`), preset take-profit/stop-loss on
 * the side they wait on (`presetDirection.ts`) — and the shared book.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { Failure } from '../../envelope.js'
import { type Order, openStatuses } from '../../orders.js'
import type { SandboxState } from '../../state.js'
import { affords } from '../balances.js'
import { classicFailures, failures } from '../codes.js'
import { admitOrder, enterOrder } from '../matching.js'
import { positionKey, positionOf, tpslChanges } from '../positions.js'
import { applySettlement, settleClosing } from './closing.js'
import { classicTradeFields, marginCoinOf, presetsOf, type TradeFields } from './fields.js'
import { openedSide, orderReference, wrongSide } from './presetDirection.js'

const big = (value: string): Big => new Big(value)

/** A classic order request after the rules' check (normalised: product type upper-case). */
export type ClassicOrderRequest = {
  readonly symbol: string
  readonly productType: string
  readonly marginMode: string
  readonly marginCoin: string
  readonly size: string
  readonly side: 'buy' | 'sell'
  readonly orderType: 'limit' | 'market'
  readonly price?: string | undefined
  readonly tradeSide?: 'open' | 'close' | undefined
  readonly force?: string | undefined
  readonly clientOid?: string | undefined
  readonly reduceOnly?: 'YES' | 'NO' | undefined
  readonly stpMode?: string | undefined
  readonly [field: string]: unknown
}

/** The outcome of a classic placement; `ackHasOrderId` is false when rule 2 cancelled others. */
export type ClassicPlaced =
  | { readonly ok: true; readonly order: Order; readonly ackHasOrderId: boolean }
  | { readonly ok: false; readonly error: Failure }

const fail = (error: Failure): ClassicPlaced => ({ ok: false, error })

/**
 * Places a classic order for `uid`. `batch` applies the batch rule for presets: when the order's
 * position is held, its preset take-profit/stop-loss modify the position's instead of being
 * presets of the order.
 */
export function placeClassicOrder(
  state: SandboxState,
  uid: string,
  request: ClassicOrderRequest,
  options: { batch?: boolean | undefined } = {},
): ClassicPlaced {
  const productType = request.productType.toUpperCase()
  const { symbol } = request
  const mode = state.classicModeOf(uid, productType)
  const trade = classicTradeFields(request, mode)
  if (!trade) return fail(failures.mode)
  const admitted = admitOrder(
    state,
    uid,
    { ...request, category: productType, side: trade.side },
    { duplicate: classicFailures.duplicate },
  )
  if (!admitted.ok) return admitted
  const { last, price } = admitted
  const refused = accountRefusal(state, uid, productType, request)
  if (refused) return fail(refused)
  const draft = {
    line: 'classic' as const,
    uid,
    category: productType,
    symbol,
    orderType: request.orderType,
    marginMode: request.marginMode,
    ...trade,
  }
  let presets = presetsOf(request)
  // Batch: a held position's take-profit/stop-loss are modified instead (batchPresetEffect).
  const held = options.batch && Object.keys(presets).length > 0 ? heldBy(state, draft) : undefined
  const modifies =
    held !== undefined &&
    ClassicFutures.batchPresetEffect({ position: held.size }) === 'modify_existing'
  const wrong = modifies
    ? wrongSide(presets, held.side, { price: last, what: 'the last price' })
    : presetsRefusal(
        presets,
        { side: trade.side, orderType: request.orderType, price },
        trade,
        last,
      )
  if (wrong) return fail(wrong)
  const settled = settleClosing(state, draft, request.size, request.orderType)
  if (settled && !settled.ok) return fail(settled.error)
  const size = settled?.size ?? request.size
  if (!affords(state, uid, draft, size, price ?? last)) return fail(failures.balance)
  applySettlement(state, settled)
  if (modifies) {
    setPositionTpsl(state, held.key, presets)
    presets = {}
  }
  const order = enterOrder(
    state,
    {
      ...draft,
      clientOid: request.clientOid,
      qty: size,
      ...(price !== undefined && { price }),
      timeInForce: request.orderType === 'market' ? 'ioc' : (request.force ?? 'gtc'),
      ...(Object.keys(presets).length > 0 && { presets }),
      marginMode: request.marginMode,
      marginCoin: request.marginCoin,
      ...(request.stpMode !== undefined && { stpMode: request.stpMode }),
      source: request.orderType === 'market' ? 'market' : 'normal',
    },
    last,
  )
  return { ok: true, order, ackHasOrderId: settled?.ackHasOrderId ?? true }
}

/**
 * What the classic account refuses whatever the order: a margin coin that is not the
 * symbol's (`40017`), and a margin mode other than that of the symbol's open positions and
 * orders (`45117`: the mode cannot change while they exist).
 */
export function accountRefusal(
  state: SandboxState,
  uid: string,
  productType: string,
  request: { readonly symbol: string; readonly marginCoin: string; readonly marginMode?: string },
): Failure | undefined {
  const coin = marginCoinOf(state, productType, request.symbol)
  if (coin !== undefined && coin !== request.marginCoin)
    return {
      code: '40017',
      msg: `parameter verification failed: marginCoin: expected "${coin}" (the margin coin of ${request.symbol} on ${productType}), received "${request.marginCoin}"`,
    }
  if (request.marginMode === undefined) return undefined
  const other = (mode: string | undefined) => (mode ?? 'crossed') !== request.marginMode
  const positions = [...state.positions.values()].some(
    (p) =>
      p.uid === uid &&
      p.line === 'classic' &&
      p.symbol === request.symbol &&
      !big(p.size).isZero() &&
      other(p.marginMode),
  )
  const orders = state.orders
    .list({ uid, line: 'classic', symbol: request.symbol, statuses: openStatuses })
    .some((o) => other(o.marginMode))
  return positions || orders ? classicFailures.marginMode : undefined
}

/**
 * The position an order belongs to (hedge: its side; one-way: the net one), its size and its
 * direction (one-way: a net short is negative).
 */
function heldBy(
  state: SandboxState,
  draft: TradeFields & { uid: string; category: string; symbol: string },
): { key: string; size: string; side: 'long' | 'short' } {
  const side = draft.posSide ?? 'net'
  const position = positionOf(state, draft.uid, draft.category, draft.symbol, side, 'classic')
  const size = big(position.size)
  return {
    key: positionKey(draft.uid, draft.symbol, side, 'classic'),
    size: size.abs().toFixed(),
    side: draft.posSide ?? (size.isNegative() ? 'short' : 'long'),
  }
}

/**
 * The refusal of a new order's preset take-profit/stop-loss on the wrong side of the price its
 * position is entered at (`presetDirection.ts`); a closing order's presets open nothing, so they
 * are not held to a side.
 */
function presetsRefusal(
  presets: Record<string, string>,
  order: { side: 'buy' | 'sell'; orderType: string; price?: string | undefined },
  trade: TradeFields,
  last: string,
): Failure | undefined {
  if (Object.keys(presets).length === 0) return undefined
  const side = openedSide(trade)
  return side === undefined ? undefined : wrongSide(presets, side, orderReference(order, last))
}

/** Sets the take-profit and stop-loss of a held position from preset prices (each when given). */
function setPositionTpsl(state: SandboxState, key: string, presets: Record<string, string>): void {
  const position = state.positions.get(key)
  if (!position) return
  state.positions.set(key, {
    ...position,
    ...tpslChanges(state, {
      takeProfit: presets.presetStopSurplusPrice,
      stopLoss: presets.presetStopLossPrice,
    }),
    updatedTime: state.clock.now(),
  })
}
