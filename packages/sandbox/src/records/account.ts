/**
 * The account settings and positions as the unified account answers them (docs/records.md):
 * `holdMode` from the account's position mode, positions with sizes, margin, prices and profit
 * as decimal strings. Leverage and margin mode are the account's settings (crossed at leverage 1
 * until set-leverage changes them); there are no fees or funding.
 */
import { Category } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { addedMarginOf, positionLeverageOf, symbolSettingsOf } from '../exchange/accountSettings.js'
import { coinsOf, isClosing } from '../exchange/balances.js'
import { openTotals } from '../exchange/ledger.js'
import type { Position } from '../exchange/types.js'
import { type Order, openStatuses } from '../orders.js'
import type { SandboxState } from '../state.js'

const big = (value: string): Big => new Big(value)

/** The exchange's name of a position mode. */
export function holdModeOf(mode: 'one_way' | 'hedge'): 'one_way_mode' | 'hedge_mode' {
  return mode === 'hedge' ? 'hedge_mode' : 'one_way_mode'
}

/**
 * GET /api/v3/account/settings of an account (docs/records.md): a unified account whose
 * `holdMode` is its position mode (of USDT-FUTURES when a category was set apart), STP `none`,
 * every futures symbol with its margin mode and leverage (crossed at 1 until changed), every coin
 * of its balances with its margin leverage.
 *
 * @example
 * import { accountSettingsRecord, createState } from '@tradeline/sandbox'
 * const state = createState({ seed: 1 })
 * accountSettingsRecord(state, [...state.accounts.keys()][0]!).holdMode // 'one_way_mode'
 */
export function accountSettingsRecord(state: SandboxState, uid: string): Record<string, unknown> {
  const futures = [...state.instruments.values()].filter((instrument) => {
    const category = Category.normalize(instrument.category)
    return category !== undefined && Category.isFutures(category)
  })
  return {
    uid,
    accountMode: 'unified',
    assetMode: 'multi_assets',
    accountLevel: 'advanced',
    holdMode: holdModeOf(state.modeOf(uid, 'USDT-FUTURES')),
    stpMode: 'none',
    symbolConfigList: futures.map((instrument) => {
      const settings = symbolSettingsOf(state, uid, 'unified', instrument.symbol)
      return {
        category: instrument.category.toUpperCase(),
        symbol: instrument.symbol,
        marginMode: settings.marginMode,
        leverage: settings.crossed,
      }
    }),
    coinConfigList: [...(state.balances.get(uid)?.keys() ?? [])].map((coin) => ({
      coin,
      leverage: symbolSettingsOf(state, uid, 'unified', `coin:${coin}`).crossed,
    })),
  }
}

/** The side of a position as the exchange names it: a net position is long or short by sign. */
export function posSideOf(position: Pick<Position, 'side' | 'size'>): 'long' | 'short' {
  if (position.side !== 'net') return position.side
  return big(position.size).isNegative() ? 'short' : 'long'
}

/**
 * The figures of a position the records derive from its state, unrounded: its category
 * (upper-case), margin coin, side, size, entry and mark prices, leverage and margin mode,
 * `margin` (size x entry, COIN-FUTURES size / entry, over the leverage, plus what set-margin
 * added) and `pnl` (unrealised at the mark price), in the margin coin.
 */
export function positionFigures(state: SandboxState, position: Position) {
  const instrument = state.instruments.get(position.category, position.symbol)
  const { base, quote } = coinsOf(
    instrument ?? { symbol: position.symbol, category: position.category },
  )
  const category = position.category.toUpperCase()
  const inverse = category === 'COIN-FUTURES'
  const posSide = posSideOf(position)
  const size = big(position.size).abs()
  const entry = position.entryPrice
  const mark = state.prices.get(position.symbol) ?? entry
  const direction = posSide === 'long' ? 1 : -1
  const { leverage, marginMode } = positionLeverageOf(state, position)
  const margin = big(entry).isZero()
    ? big('0')
    : (inverse ? size.div(entry) : size.times(entry))
        .div(leverage)
        .plus(addedMarginOf(state, position))
  const pnl =
    big(entry).isZero() || big(mark).isZero()
      ? big('0')
      : inverse
        ? size.times(big('1').div(entry).minus(big('1').div(mark))).times(direction)
        : size.times(big(mark).minus(entry)).times(direction)
  return {
    category,
    marginCoin: inverse ? base : quote,
    posSide,
    size,
    entry,
    mark,
    leverage,
    marginMode,
    margin,
    pnl,
  }
}

/**
 * A position as GET /api/v3/position/current-position answers it (docs/records.md): `total`
 * the size (`frozen` what open closing orders hold, `available` the rest), `positionBalance` the
 * margin at the position's leverage, `avgPrice` and `breakEvenPrice` the entry price (no fees), `markPrice`
 * the sandbox price, `unrealisedPnl` and `profitRate` at that price, `liquidationPrice` `"0"`
 * (none at leverage 1 is computed), funding and fees `"0"`.
 *
 * @example
 * import { createState, positionRecord } from '@tradeline/sandbox'
 * const state = createState({ seed: 1 })
 * positionRecord(state, { uid: 'u', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'net', size: '-0.5', entryPrice: '60000' }).posSide // 'short'
 */
export function positionRecord(state: SandboxState, position: Position): Record<string, unknown> {
  const { category, marginCoin, posSide, size, entry, mark, leverage, marginMode, margin, pnl } =
    positionFigures(state, position)
  const frozen = Big.min(size, closingQty(state, position, posSide))
  // What the position paid since it opened (the ledger's tracker; negative when paid).
  const paid = openTotals(state, position, posSide)
  const time = (ms: number | undefined) => String(ms ?? state.clock.now())
  return {
    category,
    symbol: position.symbol,
    marginCoin,
    holdMode: position.side === 'net' ? 'one_way_mode' : 'hedge_mode',
    posSide,
    marginMode,
    positionBalance: margin.toDecimalPlaces(8).toFixed(),
    available: size.minus(frozen).toFixed(),
    frozen: frozen.toFixed(),
    total: size.toFixed(),
    leverage,
    curRealisedPnl: '0',
    avgPrice: entry,
    positionStatus: 'normal',
    unrealisedPnl: pnl.toDecimalPlaces(8).toFixed(),
    liquidationPrice: '0',
    mmr: '0',
    profitRate: margin.isZero() ? '0' : pnl.div(margin).toDecimalPlaces(8).toFixed(),
    markPrice: mark,
    breakEvenPrice: entry,
    totalFunding: paid.funding,
    openFeeTotal: paid.openFee,
    closeFeeTotal: paid.closeFee,
    createdTime: time(position.createdTime),
    updatedTime: time(position.updatedTime),
  }
}

/** What the account's open closing orders of this position still hold. */
function closingQty(state: SandboxState, position: Position, posSide: 'long' | 'short'): Big {
  let held = big('0')
  const closingSide = posSide === 'long' ? 'sell' : 'buy'
  for (const order of state.orders.list({
    uid: position.uid,
    line: position.line ?? 'unified',
    symbol: position.symbol,
    statuses: openStatuses,
  })) {
    if (order.side !== closingSide || !isClosing(order)) continue
    if (position.side !== 'net' && order.posSide !== position.side) continue
    held = held.plus(big(order.qty).minus(order.filledQty))
  }
  return held
}

/**
 * The open unified positions whose `frozen` an order counts (a closing order of their symbol and
 * side, as {@link closingQty} reads them): placing, modifying or cancelling it changes their
 * `frozen` and `available`, and the `position` topic pushes them for it.
 */
export function positionsClosedBy(
  state: SandboxState,
  order: Pick<Order, 'uid' | 'line' | 'symbol' | 'side' | 'posSide' | 'reduceOnly'>,
): Position[] {
  if (order.line !== undefined || !isClosing(order)) return []
  return openPositions(state, order.uid).filter((position) => {
    if (position.symbol !== order.symbol) return false
    if (order.side !== (posSideOf(position) === 'long' ? 'sell' : 'buy')) return false
    return position.side === 'net' || order.posSide === position.side
  })
}

/** Whether a size is zero. */
export function isFlat(size: string): boolean {
  return new Big(size).isZero()
}

/** The open positions of the unified account of `uid` (the `position` snapshot, the assets' unrealised result). */
export function openPositions(state: SandboxState, uid: string): Position[] {
  return [...state.positions.values()].filter(
    (p) => p.uid === uid && p.line === undefined && !isFlat(p.size),
  )
}
