/**
 * The sandbox's instruments keyed by category and symbol. The exchange lists one pair in SPOT,
 * MARGIN and the futures categories with their own tick and lot (the unified instruments
 * endpoint answers per category; classic spot symbols and mix contracts are apart), and the
 * clients resolve an instrument by (category, symbol): a sandbox keyed by symbol alone lost the
 * spot ETHUSDT when the futures ETHUSDT was set. A SPOT instrument also trades as MARGIN.
 */
import { refuse } from './adminInput.js'
import type { SandboxInstrument } from './state.js'

/** The sandbox's instruments, one per (category, symbol). */
export type InstrumentTable = {
  /**
   * The instrument of `symbol` in `category` (any case; a classic product type names its
   * category): its own, else, under MARGIN, the SPOT one.
   */
  get(category: string, symbol: string): SandboxInstrument | undefined
  /** Adds an instrument, or replaces the one of its category and symbol (in its place). */
  set(instrument: SandboxInstrument): void
  /** Every instrument, in the order they were first added. */
  values(): IterableIterator<SandboxInstrument>
  /** The instruments of `symbol` in every category, in the order they were first added. */
  ofSymbol(symbol: string): SandboxInstrument[]
}

const keyOf = (category: string, symbol: string) => `${category.toUpperCase()}|${symbol}`

/**
 * A table of `instruments` (a later one of the same category and symbol replaces an earlier).
 *
 * @example
 * import { createInstrumentTable } from '@tradeline/sandbox'
 * const table = createInstrumentTable([{ symbol: 'ETHUSDT', category: 'SPOT' }, { symbol: 'ETHUSDT', category: 'USDT-FUTURES' }])
 * table.get('margin', 'ETHUSDT')?.category // 'SPOT'
 */
export function createInstrumentTable(
  instruments: Iterable<SandboxInstrument> = [],
): InstrumentTable {
  const table = new Map<string, SandboxInstrument>()
  const set = (instrument: SandboxInstrument) => {
    table.set(keyOf(instrument.category, instrument.symbol), instrument)
  }
  for (const instrument of instruments) set(instrument)
  return {
    get(category, symbol) {
      const own = table.get(keyOf(category, symbol))
      if (own || category.toUpperCase() !== 'MARGIN') return own
      return table.get(keyOf('SPOT', symbol))
    },
    set,
    values: () => table.values(),
    ofSymbol: (symbol) => [...table.values()].filter((i) => i.symbol === symbol),
  }
}

/**
 * The one instrument of `symbol`, for a caller that names no category (the admin's market
 * handle, a seed without one): the instrument of `category` when given, else the only one the
 * symbol has; a symbol in several categories without a category, or an unknown one, throws a
 * `TypeError` naming them.
 */
export function soleInstrument(
  instruments: InstrumentTable,
  symbol: unknown,
  category?: string | undefined,
): SandboxInstrument {
  const name = JSON.stringify(symbol)
  if (typeof symbol !== 'string') throw refuse(new TypeError(`unknown symbol ${name}`))
  if (category !== undefined) {
    const instrument = instruments.get(category, symbol)
    if (!instrument) throw refuse(new TypeError(`unknown symbol ${name} in ${category}`))
    return instrument
  }
  const all = instruments.ofSymbol(symbol)
  if (all.length === 0) throw refuse(new TypeError(`unknown symbol ${name}`))
  if (all.length > 1)
    throw refuse(
      new TypeError(
        `symbol ${name} is listed in ${all.map((i) => i.category).join(', ')}: name the category`,
      ),
    )
  return all[0] as SandboxInstrument
}

const futuresCategories = new Set(['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'])

/**
 * The futures contract of `symbol`, for what names a symbol and no product type (classic
 * set-auto-margin, funding): the spot pair of the same name is another instrument.
 */
export function futuresInstrument(
  instruments: InstrumentTable,
  symbol: string,
): SandboxInstrument | undefined {
  return instruments
    .ofSymbol(symbol)
    .find((instrument) => futuresCategories.has(instrument.category.toUpperCase()))
}

/**
 * Whether a fill (or order) trades in the market of `instrument`: of its symbol, in its category
 * (MARGIN on a SPOT pair too). One whose category lists no such symbol (a seed may name any
 * category) counts for each instrument of the symbol, as when instruments were kept per symbol.
 */
export function tradesIn(
  instruments: InstrumentTable,
  instrument: SandboxInstrument,
  record: { readonly category: string; readonly symbol: string },
): boolean {
  if (record.symbol !== instrument.symbol) return false
  const own = instruments.get(record.category, record.symbol)
  return own === undefined || own === instrument
}
