/**
 * The classic account's isolated margin: set-margin adds to or takes from an isolated
 * position's margin (`exchange/accountSettings.ts` keeps what was added; the balances count it),
 * set-auto-margin turns an isolated position's automatic top-up on or off (kept there too, shown
 * as the position record's `autoMargin`), and liq-price estimates where a position would be
 * liquidated.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import {
  addedMarginOf,
  changeAddedMargin,
  changeAutoMargin,
  leverageOf,
  positionLeverageOf,
  symbolSettingsOf,
} from '../../exchange/accountSettings.js'
import { available } from '../../exchange/balances.js'
import { marginCoinOf } from '../../exchange/classic/fields.js'
import { classicFailures, failures, unknownSymbol } from '../../exchange/codes.js'
import type { Outcome, Route } from '../../exchange.js'
import { futuresInstrument } from '../../instruments.js'
import type { SandboxState } from '../../state.js'
import { openingDraft, symbolRoute } from './accountCommon.js'
import { uidOf } from './common.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const big = (value: string): Big => new Big(value)

/** A `40017` naming the field and the rule. */
const refusal = (message: string): Outcome => ({
  error: { code: '40017', msg: `parameter verification failed: ${message}` },
})

/** The account's open classic position of a symbol on one side (one-way: the net one by its sign). */
function positionOf(state: SandboxState, uid: string, symbol: string, side: string) {
  return [...state.positions.values()].find((p) => {
    if (p.uid !== uid || p.line !== 'classic' || p.symbol !== symbol || big(p.size).isZero())
      return false
    return p.side === 'net'
      ? (big(p.size).isNegative() ? 'short' : 'long') === side
      : p.side === side
  })
}

/**
 * POST /api/v2/mix/account/set-margin: "only for isolated margin mode": a positive `amount`
 * moves that much of the available balance into the isolated position of `holdSide` (`40762`
 * when the balance is short), a negative one moves back at most what was added before (the
 * margin the leverage needs stays). No isolated position on that side: `40017` naming
 * `holdSide`. Answers `""`, as the exchange's example.
 */
export const setMarginRoute = symbolRoute(
  ClassicFutures.setMargin,
  ({ state, uid, symbol, productType, params }): Outcome => {
    const side = text(params.holdSide)
    const position = positionOf(state, uid, symbol, side)
    if (!position || positionLeverageOf(state, position).marginMode !== 'isolated')
      return refusal(
        `holdSide: no isolated ${side} position of ${symbol} (set-margin is only for isolated margin mode)`,
      )
    const amount = big(text(params.amount))
    if (amount.isPositive()) {
      const coin = marginCoinOf(state, productType, symbol) ?? ''
      if (available(state, uid, coin).lt(amount)) return { error: failures.balance }
    } else {
      const most = addedMarginOf(state, position)
      if (amount.negated().gt(most))
        return refusal(`amount: at most ${most.toFixed()} can be taken from this position's margin`)
    }
    changeAddedMargin(state, position, amount)
    return { data: '' }
  },
)

/**
 * POST /api/v2/mix/account/set-auto-margin: turns the automatic margin top-up of the isolated
 * position of `holdSide` on or off; the position records (all-position, single-position, the
 * positions stream) show it as `autoMargin` until the position is closed. The body names no
 * product type, so the symbol is looked up among the futures contracts (`40034` when none) and
 * `marginCoin` must be its margin coin (`40017`). A crossed position, or no position on a symbol
 * the account trades crossed, is `22011` ("It is not allowed to set auto add margin in cross
 * mode"); no position on that side otherwise is `40017` naming `holdSide`. Answers `"success"`,
 * as the exchange's example. The sandbox has no liquidations, so the setting moves no margin.
 */
export const setAutoMarginRoute: Route = {
  id: ClassicFutures.setAutoMargin.id,
  method: ClassicFutures.setAutoMargin.method,
  path: ClassicFutures.setAutoMargin.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const symbol = text(params.symbol)
    const instrument = futuresInstrument(state.instruments, symbol)
    if (!instrument) return { error: unknownSymbol(symbol) }
    const coin = marginCoinOf(state, instrument.category, symbol)
    if (coin !== undefined && coin !== params.marginCoin)
      return refusal(
        `marginCoin: expected "${coin}" (the margin coin of ${symbol}), received "${text(params.marginCoin)}"`,
      )
    const uid = uidOf(key)
    const side = text(params.holdSide)
    const position = positionOf(state, uid, symbol, side)
    const mode = position
      ? positionLeverageOf(state, position).marginMode
      : symbolSettingsOf(state, uid, 'classic', symbol).marginMode
    if (mode === 'crossed') return { error: classicFailures.crossAutoMargin }
    if (!position) return refusal(`holdSide: no isolated ${side} position of ${symbol}`)
    changeAutoMargin(state, position, params.autoMargin === 'on' ? 'on' : 'off')
    return { data: 'success' }
  },
}

/**
 * GET /api/v2/mix/account/liq-price: where a position opened at `openPrice` (a market order: the
 * last price) at the symbol's leverage for that side would be liquidated. The sandbox keeps no
 * maintenance margin, so it is where the loss equals the margin: linear contracts
 * `price x (1 - 1/leverage)` long and `price x (1 + 1/leverage)` short; coin-margined
 * `price x leverage / (leverage + 1)` long and `price x leverage / (leverage - 1)` short (none,
 * `""`, at leverage 1). `openAmount` sizes the position and does not move the price.
 */
export const liquidationPriceRoute = symbolRoute(ClassicFutures.getLiquidationPrice, (call) => {
  const { price, order } = openingDraft(call)
  const lev = big(leverageOf(call.state, order).leverage)
  const at = big(price)
  const long = order.side === 'buy'
  let liq: Big | undefined
  if (call.productType !== 'COIN-FUTURES')
    liq = at.times(
      big('1').plus(
        big('1')
          .div(lev)
          .times(long ? -1 : 1),
      ),
    )
  else if (long) liq = at.times(lev).div(lev.plus(1))
  else if (lev.gt(1)) liq = at.times(lev).div(lev.minus(1))
  return { data: { liqPrice: liq === undefined ? '' : liq.toDecimalPlaces(8).toFixed() } }
})
