/** What the rules may know beyond a request, read from the client's options. */
import { ValidationError } from '@tradeline/core'
import {
  Category,
  type Instrument,
  Issue,
  type Issues,
  PositionMode,
} from '@tradeline/rules/shared'
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
  return (await orderContext(client, symbol, category, null)).instrument
}

/** The instrument of `symbol` as loaded from the exchange (when the client loads them). */
export async function loadedInstrumentOf(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
): Promise<LoadedInstrument | undefined> {
  return loadedInstrumentNow(client, symbol, category)
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
    const issue = untradableIssue(loaded, order, path(index))
    if (issue !== undefined) issues.push(issue)
  }
  if (issues.length > 0)
    throw new ValidationError({ endpoint: endpoint.id, issues: issues as unknown as Issues })
}

/** {@link assertTradable} of one order whose loaded instrument is at hand. */
export function assertTradableNow(
  endpoint: { readonly id: string },
  order: { symbol?: unknown },
  loaded: LoadedInstrument | undefined,
): void {
  const issue = untradableIssue(loaded, order, [])
  if (issue !== undefined)
    throw new ValidationError({ endpoint: endpoint.id, issues: [issue] as unknown as Issues })
}

function untradableIssue(
  loaded: LoadedInstrument | undefined,
  order: { symbol?: unknown },
  at: readonly (string | number)[],
): Issue.Issue | undefined {
  if (!loaded?.status || !untradableStatuses.includes(loaded.status)) return undefined
  return Issue.create({
    type: 'unsupported',
    path: [...at, 'symbol'],
    expected: 'an instrument that trades (status online)',
    received: `${JSON.stringify(order.symbol)}, listed with status ${loaded.status}`,
    message: `${Issue.formatPath([...at, 'symbol'])}: ${String(order.symbol)} cannot be traded now: the exchange lists it with status ${loaded.status} (${loaded.status === 'offline' ? 'delisted' : 'closing only'}).`,
  })
}

/**
 * What the rules may know of one order, and its instrument as loaded (for its status): passed
 * to the rules as their context as it is (they read `instrument` and `positionMode`, and take
 * an `undefined` part as absent).
 */
export type OrderContext = {
  readonly instrument: Instrument | undefined
  readonly positionMode: PositionMode.Mode | undefined
  readonly loaded: LoadedInstrument | undefined
}

/**
 * The instrument and position mode of one order ({@link instrumentOf}, {@link positionModeOf})
 * and its loaded instrument, looked up once: synchronously when all are at hand (the loaded
 * lists fresh, or given as values in the options), else a promise. An order whose context is at
 * hand reaches the transport without a turn of the event loop (each `await` of an async lookup,
 * and the `Promise.all` over them, cost a turn and a promise).
 *
 * @param modeCategory the category whose position mode is looked up; `null`: none
 */
export function orderContext(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
  modeCategory: unknown = category,
): OrderContext | Promise<OrderContext> {
  const instruments = client.config?.instruments
  const loaded = loadedInstrumentNow(client, symbol, category)
  let given: Instrument | undefined | Promise<Instrument | undefined>
  if (instruments !== undefined && instruments !== false && typeof symbol === 'string')
    given =
      typeof instruments === 'function'
        ? instruments(symbol, categoryOf(category))
        : Object.hasOwn(instruments, symbol)
          ? instruments[symbol]
          : undefined
  const mode = positionModeNow(client, modeCategory)
  const from = (
    at: LoadedInstrument | undefined,
    instrument: Instrument | undefined,
    positionMode: PositionMode.Mode | undefined,
  ): OrderContext => ({
    instrument: instruments === undefined ? at?.instrument : instrument,
    positionMode,
    loaded: at,
  })
  if (pending(loaded) || pending(given) || pending(mode))
    return Promise.all([loaded, given, mode]).then(([at, instrument, positionMode]) =>
      from(at, instrument, positionMode),
    )
  return from(loaded, given, mode)
}

function loadedInstrumentNow(
  client: ClientBase,
  symbol: unknown,
  category: unknown,
): LoadedInstrument | undefined | Promise<LoadedInstrument | undefined> {
  const name = categoryOf(category)
  const market = client.loaded
  if (client.config?.instruments !== undefined || typeof symbol !== 'string' || !name || !market)
    return undefined
  const peeked = market.peekInstrument(symbol, name)
  return peeked === undefined ? market.instrument(symbol, name) : peeked.loaded
}

function positionModeNow(
  client: ClientBase,
  category: unknown,
): PositionMode.Mode | undefined | Promise<PositionMode.Mode | undefined> {
  const modes = client.config?.positionMode
  const name = categoryOf(category)
  if (modes === false || name === undefined || !Category.isFutures(name)) return undefined
  if (modes === undefined) {
    const market = client.loaded
    const peeked = market?.peekPositionMode()
    return peeked === undefined ? market?.positionMode() : peeked.mode
  }
  if (typeof modes === 'string') return modes
  if (typeof modes === 'function') return modes(name)
  return Object.hasOwn(modes, name) ? modes[name] : undefined
}

/** Whether a lookup's answer is still to come (a promise or any thenable a loader returns). */
function pending(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function'
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
  return positionModeNow(client, category)
}

export { defined } from '@tradeline/core/internal'

/**
 * Codes with which the exchange refuses an order for its instrument's attributes (price or size
 * precision) or an unknown symbol: the loaded list may be stale.
 */
export const instrumentRefusalCodes: readonly string[] = ['40808', '41103', '40034']

/**
 * The code with which the exchange refuses an order whose `posSide` or `reduceOnly` does not fit
 * the account's position mode: the mode loaded may be stale (switched by another process or on
 * the web since it was read).
 */
export const positionModeRefusalCode = '40774'

/**
 * After a refusal for the position mode (40774), forgets the loaded account settings, so that the
 * next order is checked with the mode read again; `true` when it did. A mode given in the
 * options is the caller's to keep.
 */
export function forgetModeAfter(client: ClientBase, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code !== positionModeRefusalCode || client.config?.positionMode !== undefined) return false
  if (!client.loaded) return false
  client.loaded.clearSettings()
  return true
}

/**
 * How old (ms) the position mode at hand must be before the client's own refusal of an order on
 * its fields reads it again: a wrong order sent again and again reads the settings at most once
 * a second, and a mode this client just set is not read back.
 */
export const modeRereadAfterMs = 1000

/** Whether an issue is a position-mode rule's (unified order rule 4: one-way takes no `posSide`, hedge no `reduceOnly`). */
const isModeIssue = (issue: Issue.Issue): boolean => PositionMode.isModeIssue(issue, 'unified')

/**
 * The position mode read again after the client's own check refused an order on its fields
 * (`posSide`, `reduceOnly`) with the mode read from the account settings: switched elsewhere
 * since it was read, a correct order would otherwise be refused here, unsent, until
 * `cacheTtlMs`. Not when the mode was read less than {@link modeRereadAfterMs} ago. The new mode
 * when it differs from the one checked with, else `undefined` (the refusal stands). A mode given
 * in the options is the caller's to keep.
 */
export async function modeAfterLocalRefusal(
  client: ClientBase,
  error: unknown,
  category: unknown,
): Promise<PositionMode.Mode | undefined> {
  if (!ValidationError.isInstance(error) || client.config?.positionMode !== undefined)
    return undefined
  if (!client.loaded) return undefined
  if (!error.issues.some(isModeIssue)) return undefined
  const before = client.loaded.peekPositionMode()?.mode
  // Read (or set by this client) a moment ago: reading again would read the same.
  if (before === undefined || client.loaded.modeReadWithin(modeRereadAfterMs)) return undefined
  client.loaded.clearSettings()
  const after = await positionModeOf(client, category)
  return after !== undefined && after !== before ? after : undefined
}

/**
 * After a refusal for the instrument's attributes, loads the category's list again (once, shared
 * by the callers that met the same list) and checks the request with it; after a refusal for the
 * position mode, reads the mode again and checks the request with it. A `ValidationError` naming
 * the field when what was read explains the refusal, else `undefined` (the refusal stands).
 */
export async function recheckAfterRefusal(
  client: ClientBase,
  error: unknown,
  order: { symbol?: unknown; category?: unknown },
  check: (fresh: {
    instrument?: Instrument | undefined
    positionMode?: PositionMode.Mode | undefined
  }) => ValidationError | undefined,
): Promise<ValidationError | undefined> {
  if (forgetModeAfter(client, error)) {
    const positionMode = await positionModeOf(client, order.category)
    if (positionMode === undefined) return undefined
    const loaded = await loadedInstrumentOf(client, order.symbol, order.category)
    return check({ instrument: loaded?.instrument, positionMode })
  }
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string' || !instrumentRefusalCodes.includes(code)) return undefined
  const category = categoryOf(order.category)
  if (client.config?.instruments !== undefined || !client.loaded || !category) return undefined
  const before = await loadedInstrumentOf(client, order.symbol, category)
  await client.loaded.reloadInstruments(category, before?.loadedAt ?? Number.NEGATIVE_INFINITY)
  const after = await loadedInstrumentOf(client, order.symbol, category)
  return check({ instrument: after?.instrument })
}
