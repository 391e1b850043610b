/**
 * The reversal of click-backhand: how much flips is the rules' `reverse`; the
 * sandbox carries it out as two market orders at the admin price on the shared book, one
 * closing that size of the held side and one opening the same size on the other side. The
 * acknowledgement is the opening order's.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import type { SandboxState } from '../../state.js'
import { addedMarginOf, positionLeverageOf } from '../accountSettings.js'
import { available, coinsOf, needOf } from '../balances.js'
import { classicFailures, failures } from '../codes.js'
import { admitOrder, enterOrder } from '../matching.js'
import { positionOf } from '../positions.js'
import type { Position } from '../types.js'
import { applySettlement, settleClosing } from './closing.js'
import type { TradeFields } from './fields.js'
import { accountRefusal, type ClassicPlaced } from './place.js'

const big = (value: string): Big => new Big(value)

/** A click-backhand request after the rules' check. */
export type ReversalRequest = {
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly side: 'buy' | 'sell'
  readonly size?: string | undefined
  readonly clientOid?: string | undefined
}

/**
 * Reverses the account's classic position of a symbol: hedge mode `buy` reverses long into
 * short and `sell` short into long, a size below the position flipping that size and any other
 * the whole; one-way mode reverses the whole held position (the rules' decision, with a size
 * too). No position to reverse answers `22002`.
 */
export function reverseClassicPosition(
  state: SandboxState,
  uid: string,
  request: ReversalRequest,
): ClassicPlaced {
  const productType = request.productType.toUpperCase()
  const { symbol } = request
  const admitted = admitOrder(
    state,
    uid,
    { ...request, category: productType, orderType: 'market' },
    { duplicate: classicFailures.duplicate },
  )
  if (!admitted.ok) return admitted
  const refused = accountRefusal(state, uid, productType, request)
  if (refused) return { ok: false, error: refused }
  const { last } = admitted
  const mode = state.classicModeOf(uid, productType)
  const held = (side: 'long' | 'short' | 'net') =>
    positionOf(state, uid, productType, symbol, side, 'classic')
  const net = big(held('net').size)
  const positions =
    mode === 'hedge'
      ? { long: held('long').size, short: held('short').size }
      : { long: Big.max(net, 0).toFixed(), short: Big.max(net.neg(), 0).toFixed() }
  const result = ClassicFutures.reverse({ mode, positions, side: request.side, size: request.size })
  const reversed = result.reversed
  if (big(reversed).isZero()) return { ok: false, error: failures.noPosition }
  const fromLong = big(result.positions.long).lt(positions.long)
  const direction = fromLong ? 'sell' : 'buy'
  const close: TradeFields =
    mode === 'hedge'
      ? { side: direction, posSide: fromLong ? 'long' : 'short', reduceOnly: 'no' }
      : { side: direction, reduceOnly: 'yes' }
  const open: TradeFields =
    mode === 'hedge'
      ? { side: direction, posSide: fromLong ? 'short' : 'long', reduceOnly: 'no' }
      : { side: direction, reduceOnly: 'no' }
  const source = held(mode === 'hedge' ? (fromLong ? 'long' : 'short') : 'net')
  const common = {
    line: 'classic' as const,
    uid,
    category: productType,
    symbol,
    orderType: 'market' as const,
    qty: reversed,
    timeInForce: 'ioc',
    marginMode: source.marginMode ?? 'crossed',
    marginCoin: request.marginCoin,
    source: 'reverse',
  }
  if (!affordsReversal(state, { ...common, ...open }, source, last))
    return { ok: false, error: failures.balance }
  // The closing half is a new close order: close orders it displaces go (rule 4 in hedge mode,
  // rule 2 in one-way mode, where a reduce-only order would otherwise add to the new side). Its
  // size stays the reversal's: the reversal documents what it flips.
  applySettlement(state, settleClosing(state, { ...common, ...close }, reversed, 'market'))
  enterOrder(state, { ...common, ...close }, last)
  const order = enterOrder(state, { ...common, ...open, clientOid: request.clientOid }, last)
  return { ok: true, order, ackHasOrderId: true }
}

/**
 * Whether the opening half fits the balance once the closing half has freed the margin it held:
 * its share of the position's margin at the position's leverage (the size at the entry price,
 * COIN-FUTURES the size over it, over the leverage) and of any margin added to it.
 */
function affordsReversal(
  state: SandboxState,
  open: Parameters<typeof needOf>[1] & { uid: string; qty: string },
  source: Position,
  last: string,
): boolean {
  const need = needOf(state, open, open.qty, last)
  if (!need) return true
  const instrument = state.instruments.get(open.category, open.symbol)
  const inverse = open.category === 'COIN-FUTURES'
  const entry = source.entryPrice
  const share = big(open.qty).div(big(source.size).abs())
  const freed =
    instrument && coinsOf(instrument)[inverse ? 'base' : 'quote'] === need.coin
      ? (inverse ? big(open.qty).div(entry) : big(open.qty).times(entry))
          .div(positionLeverageOf(state, source).leverage)
          .plus(addedMarginOf(state, source).times(share))
      : big('0')
  return available(state, open.uid, need.coin).plus(freed).gte(need.amount)
}
