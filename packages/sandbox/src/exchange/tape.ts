/**
 * The sandbox's market tape: every price the admin set (`POST /sandbox/prices`), in order,
 * beside the fills the state already keeps, so that candles and the market reads are built
 * from what happened rather than from a separate store. A price remembers how many fills came
 * before it, so prices and fills interleave exactly as they happened, even within one
 * millisecond (a price that crosses a resting order comes before that order's fill).
 */
import { tradesIn } from '../instruments.js'
import type { SandboxInstrument, SandboxState } from '../state.js'

/** One admin price. */
type Mark = { readonly ts: number; readonly price: string; readonly after: number }

/** The admin prices of one symbol and the price it had before the first of them. */
type SymbolTape = { opening: string; readonly marks: Mark[] }

/** Admin prices kept per symbol; the oldest go first (the candles then open later). */
const markLimit = 100_000

const tapes = new WeakMap<SandboxState, Map<string, SymbolTape>>()

function tapesOf(state: SandboxState): Map<string, SymbolTape> {
  let found = tapes.get(state)
  if (!found) {
    found = new Map()
    tapes.set(state, found)
  }
  return found
}

/**
 * Records an admin price of `symbol` at the sandbox clock; call it before the price is set,
 * so the price it replaces is kept as the opening of the tape.
 *
 * @example
 * import { createState, recordPrice } from '@tradeline/sandbox'
 * const state = createState()
 * recordPrice(state, 'BTCUSDT', '65100.0')
 */
export function recordPrice(state: SandboxState, symbol: string, price: string): void {
  const all = tapesOf(state)
  let tape = all.get(symbol)
  if (!tape) {
    tape = { opening: state.prices.get(symbol) ?? price, marks: [] }
    all.set(symbol, tape)
  }
  tape.marks.push({ ts: state.clock.now(), price, after: state.fills.length })
  if (tape.marks.length > markLimit) tape.opening = tape.marks.shift()?.price ?? tape.opening
}

/** One print of the tape: an admin price (no `qty`) or a fill. */
export type Print = {
  readonly ts: number
  readonly price: string
  readonly qty?: string | undefined
}

/**
 * What a candle is built from: `trades` (admin prices and fills: the prices the market printed,
 * and the fills' volume) or `mark` (admin prices only: the sandbox's mark and index price).
 */
export type PrintKind = 'trades' | 'mark'

/**
 * The prints of `symbol` oldest first, and the price before the first of them.
 *
 * @example
 * import { createState, printsOf } from '@tradeline/sandbox'
 * printsOf(createState(), 'BTCUSDT', 'trades').prints // []
 */
export function printsOf(
  state: SandboxState,
  symbol: string,
  kind: PrintKind,
  instrument?: SandboxInstrument | undefined,
): { opening: string; prints: Print[] } {
  const tape = tapesOf(state).get(symbol)
  const marks = tape?.marks ?? []
  const opening = tape?.opening ?? state.prices.get(symbol) ?? '0'
  if (kind === 'mark') return { opening, prints: marks.map(({ ts, price }) => ({ ts, price })) }
  const prints: Print[] = []
  let next = 0
  state.fills.forEach((fill, index) => {
    for (; next < marks.length && (marks[next] as Mark).after <= index; next++)
      prints.push(marks[next] as Mark)
    const traded = instrument
      ? tradesIn(state.instruments, instrument, fill)
      : fill.symbol === symbol
    if (traded) prints.push({ ts: fill.ts, price: fill.price, qty: fill.qty })
  })
  for (; next < marks.length; next++) prints.push(marks[next] as Mark)
  return { opening, prints }
}
