/**
 * The futures settings of an account per line and symbol: margin mode and leverage (crossed,
 * and per side in isolated margin). A symbol nobody changed trades crossed at leverage 1, as the
 * sandbox always did. The leverage of an order or position divides the margin it holds
 * (`balances.ts`), so it also sets the size an account can open.
 */
import { Big } from '@tradeline/rules/big'
import type { Order } from '../orders.js'
import type { SandboxInstrument, SandboxState } from '../state.js'
import type { Position } from './types.js'

/** The futures line a setting belongs to: the classic account's or the unified account's. */
export type SettingsLine = 'classic' | 'unified'

/** A margin mode. */
export type MarginMode = 'crossed' | 'isolated'

/** One symbol's settings: its margin mode and leverages (whole numbers as text). */
export type SymbolSettings = {
  readonly marginMode: MarginMode
  /** The leverage of crossed margin. */
  readonly crossed: string
  /** The isolated leverage of the long side (one-way: of buying). */
  readonly long: string
  /** The isolated leverage of the short side (one-way: of selling). */
  readonly short: string
}

/** The settings of a symbol nobody changed: crossed at leverage 1. */
export const defaultSymbolSettings: SymbolSettings = {
  marginMode: 'crossed',
  crossed: '1',
  long: '1',
  short: '1',
}

/** The largest leverage of an instrument without its own `maxLeverage`. */
export const defaultMaxLeverage = '125'

const all = new WeakMap<SandboxState, Map<string, SymbolSettings>>()

function settingsMap(state: SandboxState): Map<string, SymbolSettings> {
  let found = all.get(state)
  if (!found) {
    found = new Map()
    all.set(state, found)
  }
  return found
}

const keyOf = (uid: string, line: SettingsLine, symbol: string) => `${uid}|${line}|${symbol}`

/**
 * The settings of a symbol of an account's line.
 *
 * @example
 * import { createState, symbolSettingsOf } from '@tradeline/sandbox'
 * symbolSettingsOf(createState({ seed: 1 }), 'u', 'classic', 'BTCUSDT').crossed // '1'
 */
export function symbolSettingsOf(
  state: SandboxState,
  uid: string,
  line: SettingsLine,
  symbol: string,
): SymbolSettings {
  return settingsMap(state).get(keyOf(uid, line, symbol)) ?? defaultSymbolSettings
}

/** Changes some settings of a symbol of an account's line; returns the new settings. */
export function changeSymbolSettings(
  state: SandboxState,
  uid: string,
  line: SettingsLine,
  symbol: string,
  change: Partial<SymbolSettings>,
): SymbolSettings {
  const next = { ...symbolSettingsOf(state, uid, line, symbol), ...change }
  settingsMap(state).set(keyOf(uid, line, symbol), next)
  state.events.emit({ type: 'balance', uid })
  return next
}

/** The largest leverage an instrument takes. */
export function maxLeverageOf(instrument: SandboxInstrument | undefined): string {
  return instrument?.maxLeverage ?? defaultMaxLeverage
}

/** The line of an order or position: `classic` when marked, else the unified account's. */
function lineOf(item: { readonly line?: 'classic' | undefined }): SettingsLine {
  return item.line === 'classic' ? 'classic' : 'unified'
}

/** What the leverage of an order or position depends on. */
export type Leveraged = Pick<Order, 'symbol' | 'side'> & {
  readonly uid?: string | undefined
  readonly line?: 'classic' | undefined
  readonly posSide?: string | undefined
  readonly marginMode?: string | undefined
}

/**
 * The margin mode and leverage an opening order trades at: its own margin mode (the symbol's
 * when it names none), crossed leverage in crossed margin, the side's in isolated margin (hedge:
 * its `posSide`; one-way: long for a buy, short for a sell).
 */
export function leverageOf(
  state: SandboxState,
  order: Leveraged,
): { marginMode: MarginMode; leverage: string } {
  if (order.uid === undefined) return { marginMode: 'crossed', leverage: '1' }
  const settings = symbolSettingsOf(state, order.uid, lineOf(order), order.symbol)
  const marginMode = (order.marginMode as MarginMode | undefined) ?? settings.marginMode
  if (marginMode === 'crossed') return { marginMode, leverage: settings.crossed }
  const side = order.posSide === 'long' || order.posSide === 'short' ? order.posSide : undefined
  const long = side === undefined ? order.side === 'buy' : side === 'long'
  return { marginMode, leverage: long ? settings.long : settings.short }
}

/** The margin mode and leverage a position holds its margin at (a net position by its sign). */
export function positionLeverageOf(
  state: SandboxState,
  position: Position,
): { marginMode: MarginMode; leverage: string } {
  const long =
    position.side === 'net' ? !new Big(position.size).isNegative() : position.side === 'long'
  return leverageOf(state, {
    uid: position.uid,
    line: position.line,
    symbol: position.symbol,
    side: long ? 'buy' : 'sell',
    posSide: position.side === 'net' ? undefined : position.side,
    marginMode: position.marginMode,
  })
}

/** Margin added to isolated positions (set-margin), by position and the time it opened. */
const added = new WeakMap<SandboxState, Map<string, Big>>()

/** The key of one opening of a position: a position closed and opened again starts at zero. */
const positionKeyOf = (position: Position) =>
  `${position.uid}|${position.line ?? 'unified'}|${position.symbol}|${position.side}|${position.createdTime ?? 0}`

/** The margin set-margin added to a position (`0` when none; negative never). */
export function addedMarginOf(state: SandboxState, position: Position): Big {
  return added.get(state)?.get(positionKeyOf(position)) ?? new Big(0)
}

/** Adds `amount` (negative: takes away) to a position's added margin. */
export function changeAddedMargin(state: SandboxState, position: Position, amount: Big): void {
  let map = added.get(state)
  if (!map) {
    map = new Map()
    added.set(state, map)
  }
  map.set(positionKeyOf(position), addedMarginOf(state, position).plus(amount))
  state.events.emit({ type: 'balance', uid: position.uid })
}

/**
 * The automatic margin top-up of isolated positions (set-auto-margin), by position and the time
 * it opened: a position opened again starts `off`, as the exchange's position records show it.
 * The sandbox only keeps and shows the setting: it has no liquidations a top-up would ward off.
 */
const autoMargins = new WeakMap<SandboxState, Map<string, 'on' | 'off'>>()

/** The automatic margin top-up of a position (`off` unless set-auto-margin turned it on). */
export function autoMarginOf(state: SandboxState, position: Position): 'on' | 'off' {
  return autoMargins.get(state)?.get(positionKeyOf(position)) ?? 'off'
}

/** Turns a position's automatic margin top-up on or off; the position streams push it. */
export function changeAutoMargin(
  state: SandboxState,
  position: Position,
  value: 'on' | 'off',
): void {
  let map = autoMargins.get(state)
  if (!map) {
    map = new Map()
    autoMargins.set(state, map)
  }
  map.set(positionKeyOf(position), value)
  state.events.emit({ type: 'position', position })
}
