/** What the rules may know beyond a request, read from the client's options. */
import { Category, type Instrument, type PositionMode } from '@tradeline/rules'
import type { ClientBase } from './call.js'

/** The upper-case category of a raw value, when it is one. */
export function categoryOf(value: unknown): Category.Category | undefined {
  return typeof value === 'string' ? Category.normalize(value) : undefined
}

/** The instrument of `symbol` the client knows, from its record or its loader. */
export async function instrumentOf(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
): Promise<Instrument | undefined> {
  const instruments = client.config?.instruments
  if (instruments === undefined || typeof symbol !== 'string') return undefined
  if (typeof instruments === 'function') return instruments(symbol, categoryOf(category))
  return Object.hasOwn(instruments, symbol) ? instruments[symbol] : undefined
}

/** The instruments of several symbols, as a record (unknown symbols left out). */
export async function instrumentsOf(
  client: ClientBase,
  items: readonly unknown[],
): Promise<Record<string, Instrument> | undefined> {
  if (client.config?.instruments === undefined) return undefined
  const record: Record<string, Instrument> = {}
  for (const item of items) {
    const { symbol, category } = (item ?? {}) as { symbol?: unknown; category?: unknown }
    if (typeof symbol !== 'string' || Object.hasOwn(record, symbol)) continue
    const instrument = await instrumentOf(client, symbol, category)
    if (instrument !== undefined) record[symbol] = instrument
  }
  return record
}

/** The position mode of a futures category the client knows; none for spot and margin. */
export async function positionModeOf(
  client: ClientBase,
  category: unknown,
): Promise<PositionMode.Mode | undefined> {
  const modes = client.config?.positionMode
  const name = categoryOf(category)
  if (modes === undefined || name === undefined || !Category.isFutures(name)) return undefined
  if (typeof modes === 'string') return modes
  if (typeof modes === 'function') return modes(name)
  return Object.hasOwn(modes, name) ? modes[name] : undefined
}

/** Leaves out the keys whose value is `undefined` (exactOptionalPropertyTypes). */
export function defined<value extends Record<string, unknown>>(value: value): value {
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item
  return out as value
}
