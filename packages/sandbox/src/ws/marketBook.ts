/** A synthetic book's sides in integer ticks and its decimal text (no price passes through a JavaScript number). */
import type { SandboxInstrument } from '../state.js'

export const units = (value: string, places: number): bigint => {
  const [int = '0', frac = ''] = value.split('.')
  return BigInt(int + frac.padEnd(places, '0').slice(0, places))
}
export const text = (scaled: bigint, places: number): string => {
  if (places === 0) return scaled.toString()
  const digits = scaled.toString().padStart(places + 1, '0')
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`
}

export type Side = Map<number, string>
export type Book = {
  readonly instrument: SandboxInstrument
  readonly bids: Side
  readonly asks: Side
  readonly random: () => number
  readonly price: (ticks: number) => string
  readonly size: (lots: number) => string
  /** The ticks of a price text. */
  readonly ticks: (price: string) => number
  seq: number
  corrupt: number
}

export const sorted = (side: Side, descending: boolean): [string, string][] =>
  [...side.keys()]
    .sort((a, b) => (descending ? b - a : a - b))
    .map((ticks) => [String(ticks), side.get(ticks) as string])
