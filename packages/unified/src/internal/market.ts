/**
 * What the client loads from the exchange so that its checks work without hand-typed
 * attributes: the instruments of each category (GET /api/v3/market/instruments) and the
 * account's position mode (GET /api/v3/account/settings, `holdMode`), each cached with a time to
 * live, one load shared by concurrent callers (core's `createLoadCache`).
 */
import { createLoadCache, parseData, type Transport } from '@tradeline/core'
import { Endpoint, type Instrument, Market, type PositionMode } from '@tradeline/rules/shared'
import { Unified } from '@tradeline/rules/unified'
import { type AccountSettings, accountSettings } from '../schemas/account.js'
import { type InstrumentRecord, instrumentRecords, toInstrument } from '../schemas/instrument.js'

/** An instrument as loaded: the rules' attributes, the exchange's status and record. */
export type LoadedInstrument = {
  readonly instrument: Instrument
  readonly status: string | null
  readonly record: InstrumentRecord
  /** When the list it came from was loaded (clock time), for a reload after a refusal. */
  readonly loadedAt: number
}

/** The loaded instruments and settings of a client. */
export type MarketData = {
  /** The instrument of `symbol` in `category`, loading the category's list when needed. */
  instrument(symbol: string, category: string): Promise<LoadedInstrument | undefined>
  /**
   * The instrument of `symbol` in `category` when the category's list is loaded and fresh,
   * without waiting: `{ loaded }` (`loaded` undefined for a symbol the list does not hold), or
   * `undefined` when the list must be loaded first ({@link MarketData.instrument}).
   */
  peekInstrument(
    symbol: string,
    category: string,
  ): { readonly loaded: LoadedInstrument | undefined } | undefined
  /**
   * The position mode when the settings are loaded and fresh (or not read at all), without
   * waiting: `{ mode }`, or `undefined` when they must be loaded first.
   */
  peekPositionMode(): { readonly mode: PositionMode.Mode | undefined } | undefined
  /** Loads a category's list again unless a load newer than `since` did. */
  reloadInstruments(category: string, since: number): Promise<void>
  /** The account's position mode (`holdMode`), loading the settings when needed. */
  positionMode(): Promise<PositionMode.Mode | undefined>
  /**
   * Puts a holding mode this client set (`one_way_mode`, `hedge_mode`) in the loaded settings;
   * settings not loaded yet are read on first use, with it.
   */
  setHoldMode(holdMode: string): void
  /** Forgets the loaded settings: the next check reads them again. */
  clearSettings(): void
  /**
   * Whether the position mode at hand was read (or set by this client) less than `ms` ago: then
   * reading it again on a refusal would only read the same.
   */
  modeReadWithin(ms: number): boolean
  /** Loads the lists of `categories` (every category when absent) and the settings. */
  load(categories?: readonly string[] | undefined): Promise<void>
  /** Forgets everything loaded. */
  clear(): void
}

/** Every category whose instruments the exchange lists. */
const allCategories = ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/**
 * Creates the loaded market data of a client. A failed load is not kept: the call that needed
 * it goes on without the checks it would feed (the exchange still checks), and the next call
 * loads again.
 */
export function createMarketData(
  transport: Transport,
  options: {
    ttlMs?: number | undefined
    clock?: { now(): number } | undefined
    /** Whether the key may read the account settings (a private read). @default true */
    settings?: boolean | undefined
  } = {},
): MarketData {
  const clock = options.clock ?? { now: () => Date.now() }
  const instruments = createLoadCache<{
    at: number
    bySymbol: Map<string, LoadedInstrument>
  }>({
    ttlMs: options.ttlMs,
    clock,
    load: async (category) => {
      const data = await transport.request({
        endpoint: Market.getInstruments,
        query: { category },
      })
      const at = clock.now()
      const records = parseData(Market.getInstruments, instrumentRecords, data, transport.redact)
      const bySymbol = new Map<string, LoadedInstrument>()
      for (const record of records)
        bySymbol.set(record.symbol, {
          instrument: toInstrument(record),
          status: record.status,
          record,
          loadedAt: at,
        })
      return { at, bySymbol }
    },
  })
  /** When the settings at hand were read or their mode set by this client (the local clock). */
  let settingsAt = Number.NEGATIVE_INFINITY
  const settings = createLoadCache<AccountSettings>({
    ttlMs: options.ttlMs,
    clock,
    load: async () => {
      const data = await transport.request({ endpoint: Unified.getAccountSettings })
      settingsAt = clock.now()
      return parseData(Unified.getAccountSettings, accountSettings, data, transport.redact)
    },
  })
  const modeOf = (loaded: AccountSettings | undefined): PositionMode.Mode | undefined =>
    loaded?.holdMode === 'hedge_mode'
      ? 'hedge'
      : loaded?.holdMode === 'one_way_mode'
        ? 'one_way'
        : undefined
  return {
    async instrument(symbol, category) {
      const loaded = await instruments.get(category).catch(() => undefined)
      return loaded?.bySymbol.get(symbol)
    },
    peekInstrument(symbol, category) {
      const list = instruments.peek(category)
      return list === undefined ? undefined : { loaded: list.bySymbol.get(symbol) }
    },
    peekPositionMode() {
      if (options.settings === false) return { mode: undefined }
      const loaded = settings.peek('settings')
      return loaded === undefined ? undefined : { mode: modeOf(loaded) }
    },
    async reloadInstruments(category, since) {
      await instruments.reload(category, since).catch(() => undefined)
    },
    async positionMode() {
      if (options.settings === false) return undefined
      return modeOf(await settings.get('settings').catch(() => undefined))
    },
    setHoldMode(holdMode) {
      const loaded = settings.peek('settings')
      if (loaded) {
        settings.set('settings', { ...loaded, holdMode })
        settingsAt = clock.now()
      }
    },
    clearSettings: () => settings.clear(),
    modeReadWithin: (ms) =>
      settings.peek('settings') !== undefined && clock.now() - settingsAt < ms,
    async load(categories = allCategories) {
      // A caller without types may pass anything: one category alone counts as a list of it,
      // and what is not a category is refused by name before anything is sent.
      const list = [categories].flat() as string[]
      for (const category of list) Endpoint.assert(Market.getInstruments, { category })
      await Promise.all([
        ...list.map((category) => instruments.get(category.toUpperCase())),
        ...(options.settings === false ? [] : [settings.get('settings')]),
      ])
    },
    clear() {
      instruments.clear()
      settings.clear()
    },
  }
}
