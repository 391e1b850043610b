/** What the rules may know beyond a request, read from the client's options. */
import { ValidationError } from '@tradeline/core'
import { Category, type Instrument, Issue, type Issues, type PositionMode } from '@tradeline/rules'
import { untradableStatuses } from '../schemas/instrument.js'
import type { ClientBase } from './call.js'
import type { LoadedInstrument } from './market.js'

/** The upper-case category of a raw value, when it is one. */
export function categoryOf(value: unknown): Category.Category | undefined {
  return typeof value === 'string' ? Category.normalize(value) : undefined
}

/**
 * The instrument of `symbol` the client knows: from its record or its loader when given, else
 * from the exchange's list of the category (loaded once, cached); `undefined` when unknown.
 */
export async function instrumentOf(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
): Promise<Instrument | undefined> {
  const instruments = client.config?.instruments
  if (instruments === false || typeof symbol !== 'string') return undefined
  if (instruments === undefined)
    return (await loadedInstrumentOf(client, symbol, category))?.instrument
  if (typeof instruments === 'function') return instruments(symbol, categoryOf(category))
  return Object.hasOwn(instruments, symbol) ? instruments[symbol] : undefined
}

/** The instrument of `symbol` as loaded from the exchange (when the client loads them). */
export async function loadedInstrumentOf(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
): Promise<LoadedInstrument | undefined> {
  const name = categoryOf(category)
  if (client.config?.instruments !== undefined || typeof symbol !== 'string' || !name)
    return undefined
  return client.loaded?.instrument(symbol, name)
}

/**
 * Refuses an order of an instrument the exchange lists as `offline` or `limit_close` before
 * anything is sent: a `ValidationError` naming the symbol and the status.
 */
export async function assertTradable(
  client: ClientBase,
  endpoint: { readonly id: string },
  orders: readonly { symbol?: unknown; category?: unknown }[],
  path: (index: number) => readonly (string | number)[] = () => [],
): Promise<void> {
  const issues: Issue.Issue[] = []
  for (const [index, order] of orders.entries()) {
    const loaded = await loadedInstrumentOf(client, order?.symbol, order?.category)
    if (!loaded?.status || !untradableStatuses.includes(loaded.status)) continue
    issues.push(
      Issue.create({
        type: 'unsupported',
        path: [...path(index), 'symbol'],
        expected: 'an instrument that trades (status online)',
        received: `${JSON.stringify(order.symbol)}, listed with status ${loaded.status}`,
        message: `${Issue.formatPath([...path(index), 'symbol'])}: ${String(order.symbol)} cannot be traded now: the exchange lists it with status ${loaded.status} (${loaded.status === 'offline' ? 'delisted' : 'closing only'}).`,
      }),
    )
  }
  if (issues.length > 0)
    throw new ValidationError({ endpoint: endpoint.id, issues: issues as unknown as Issues })
}

/** The instruments of several symbols, as a record (unknown symbols left out). */
export async function instrumentsOf(
  client: ClientBase,
  items: readonly unknown[],
): Promise<Record<string, Instrument> | undefined> {
  if (client.config?.instruments === false) return undefined
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
  if (modes === false || name === undefined || !Category.isFutures(name)) return undefined
  if (modes === undefined) return client.loaded?.positionMode()
  if (typeof modes === 'string') return modes
  if (typeof modes === 'function') return modes(name)
  return Object.hasOwn(modes, name) ? modes[name] : undefined
}

export { defined } from '@tradeline/core/internal'

/**
 * Codes with which the exchange refuses an order for its instrument's attributes (price or size
 * precision) or an unknown symbol: the loaded list may be stale.
 */
export const instrumentRefusalCodes: readonly string[] = ['40808', '41103', '40034']

/**
 * After a refusal for the instrument's attributes, loads the category's list again (once, shared
 * by the callers that met the same list) and checks the request with it: a `ValidationError`
 * naming the field when the new attributes explain the refusal, else `undefined` (the refusal
 * stands).
 */
export async function recheckAfterRefusal(
  client: ClientBase,
  error: unknown,
  order: { symbol?: unknown; category?: unknown },
  check: (instrument: Instrument | undefined) => ValidationError | undefined,
): Promise<ValidationError | undefined> {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !instrumentRefusalCodes.includes(code)) return undefined
  const category = categoryOf(order.category)
  if (client.config?.instruments !== undefined || !client.loaded || !category) return undefined
  const before = await loadedInstrumentOf(client, order.symbol, category)
  await client.loaded.reloadInstruments(category, before?.loadedAt ?? Number.NEGATIVE_INFINITY)
  const after = await loadedInstrumentOf(client, order.symbol, category)
  return check(after?.instrument)
}
