/**
 * The sandbox's world as seedable data: the clock, accounts and their API keys, instruments
 * with their tick/lot attributes, prices and orders.
 */
import { createPublicKey } from 'node:crypto'
import type { Instrument } from '@tradeline/rules'
import { refuse } from './adminInput.js'
import { type Clock, createClock, type SandboxClock } from './clock.js'
import { defaultBalances, defaultInstruments, defaultPrices } from './defaults.js'
import { createEvents, type SandboxEvents } from './events.js'
import type { PlanOrder } from './exchange/plans.js'
import { attachPlanEngine } from './exchange/triggers.js'
import type {
  Countdown,
  Fill,
  Modification,
  ModificationSettings,
  Position,
  StrategyOrder,
} from './exchange/types.js'
import { createOrderHistory, type OrderHistoryLog, RecordedStrategies } from './history.js'
import { createInstrumentTable, type InstrumentTable } from './instruments.js'
import { createOrderStore, type OrderStore } from './orders.js'
import { createIds, type Ids, type Seed } from './random.js'

// The clock and the default world live in modules of their own; importers keep reading them here.
export { type Clock, createClock, type SandboxClock } from './clock.js'
export { defaultBalances, defaultInstruments, defaultPrices } from './defaults.js'

/**
 * API-key permissions: `trade_rw` and `trade_ro` (unified-account trade read/write or read
 * only), the platform whitelists `countdown`, `realityFills` and `rpi`, and `optionQuote`, the
 * US option market-data entitlement and whitelisting that stockplus option-quote needs.
 */
export const permissions = [
  'trade_rw',
  'trade_ro',
  'countdown',
  'realityFills',
  'rpi',
  'optionQuote',
] as const
/** One of {@link permissions}. */
export type Permission = (typeof permissions)[number]

/** An API key of an account. */
export type ApiKey = {
  readonly apiKey: string
  /** The HMAC-SHA256 secret; empty for an RSA key (one with a `publicKey`). */
  readonly secret: string
  /**
   * An RSA key's public key as PEM (`-----BEGIN PUBLIC KEY-----` or `-----BEGIN RSA PUBLIC
   * KEY-----`): requests are verified with SHA-256 with RSA, PKCS#1 v1.5, instead of HMAC.
   * @default undefined (an HMAC key)
   */
  readonly publicKey?: string | undefined
  readonly passphrase: string
  readonly uid: string
  readonly permissions: readonly Permission[]
  /** A demo-trading key: it needs the header `paptrading: 1`. */
  readonly demo: boolean
  /**
   * An elite trader's copy-trading key: on the classic account it may only trade the pairs of
   * {@link ClassicSettings.eliteTraderPairs} (classic order rule 5), and reversal and batch placement
   * take the copy-trader rate limits (1 per second).
   * @default false
   */
  readonly eliteTrader?: boolean | undefined
  /**
   * The mode of the key's account (every key of a uid shares it), as `addKey` answers it; the
   * account's `accountMode` is what the sandbox enforces.
   */
  readonly accountMode?: AccountMode | undefined
}

/**
 * The two modes an account of the exchange is in: a unified trading account (UTA) answers the
 * unified API (`/api/v3`), a classic account the classic one (`/api/v2/mix`, the classic
 * transfers); each refuses the other's private endpoints (40084 on a classic account, 40085 on a
 * unified one).
 */
export const accountModes = ['unified', 'classic'] as const
/** One of {@link accountModes}. */
export type AccountMode = (typeof accountModes)[number]

/** An account of the sandbox. */
export type Account = {
  readonly uid: string
  /**
   * Unified (UTA) or classic: the exchange gives each account one, and every key of the uid
   * shares it; the other mode's private endpoints answer 40084 or 40085.
   * @default the sandbox's `accountMode` ('unified')
   */
  readonly accountMode?: AccountMode | undefined
  /** Futures position mode of the account (every futures category unless `positionModes` says otherwise). */
  readonly positionMode: 'one_way' | 'hedge'
  /** Position mode per futures category, e.g. `{ 'USDC-FUTURES': 'hedge' }`. */
  readonly positionModes?: Readonly<Record<string, 'one_way' | 'hedge'>> | undefined
  /**
   * Position mode of the account's classic futures line (every product type unless
   * `classicPositionModes` says otherwise); it is apart from the unified account's.
   * @default 'one_way'
   */
  readonly classicPositionMode?: 'one_way' | 'hedge' | undefined
  /** Classic position mode per product type, e.g. `{ 'COIN-FUTURES': 'hedge' }`. */
  readonly classicPositionModes?: Readonly<Record<string, 'one_way' | 'hedge'>> | undefined
}

/** How the classic futures account behaves where the exchange documentation publishes two behaviours or a list. */
export type ClassicSettings = {
  /**
   * classic order rule 3, hedge mode, a market close larger than what limit close orders leave of the
   * position: `remainder` closes only the remainder (position 100, a limit close occupying 70,
   * a market close of 50 closes 30); `error` refuses it with `40757` (insufficient position).
   * @default 'remainder'
   */
  hedgeClose: 'remainder' | 'error'
  /**
   * classic order rule 5: the pairs an elite trader's copy-trading key (`eliteTrader: true`) may
   * trade on the classic account.
   * @default ['BTCUSDT', 'ETHUSDT']
   */
  eliteTraderPairs: readonly string[]
}

/** The classic settings of a fresh sandbox. */
export const defaultClassicSettings: Readonly<ClassicSettings> = {
  hedgeClose: 'remainder',
  eliteTraderPairs: ['BTCUSDT', 'ETHUSDT'],
}

/**
 * An instrument the sandbox trades: the rules' attributes plus its category (a SPOT instrument
 * also trades as MARGIN), and optionally its coins and price band.
 */
export type SandboxInstrument = Instrument & {
  readonly category: string
  /** @default derived from the symbol (`BTCUSDT` -> `BTC`) */
  readonly baseCoin?: string | undefined
  /** @default derived from the symbol (`USDT`, `USDC` for `PERP`, `USD` for `USD_CM`) */
  readonly quoteCoin?: string | undefined
  /** The largest leverage of a futures instrument (set-leverage refuses more). @default '125' */
  readonly maxLeverage?: string | undefined
  /** Limit prices must lie within price x (1 +/- ratio). @default '0.2' */
  readonly priceBandRatio?: string | undefined
  /**
   * The trading status the market endpoints answer (`online`, `offline`, `limit_close`, ...,
   * docs/records.md); it does not change how the sandbox matches orders.
   * @default 'online'
   */
  readonly status?: InstrumentStatus | undefined
}

/** The statuses of an instrument on the unified account's instruments endpoint (docs/records.md). */
export const instrumentStatuses = [
  'listed',
  'online',
  'limit_open',
  'limit_close',
  'offline',
  'restrictedAPI',
] as const
/** One of {@link instrumentStatuses}. */
export type InstrumentStatus = (typeof instrumentStatuses)[number]

/** Data to start from; everything is optional and defaults to a small world. */
export type SeedData = {
  readonly accounts?: readonly Account[] | undefined
  readonly keys?: readonly KeyInput[] | undefined
  readonly instruments?: readonly SandboxInstrument[] | undefined
  readonly prices?: Readonly<Record<string, string>> | undefined
  /** Balances per coin given to every account, or per uid. @default defaultBalances */
  readonly balances?:
    | Readonly<Record<string, string>>
    | Readonly<Record<string, Readonly<Record<string, string>>>>
    | undefined
}

/**
 * A key to add: fields left out are generated. `accountMode` places a key without a `uid` in the
 * first account of that mode (a new one when there is none); with a `uid`, it must match the
 * account's mode when the account exists (its keys share it) and is the new account's otherwise.
 */
export type KeyInput = Partial<ApiKey>

/** The state of one sandbox. */
export type SandboxState = {
  readonly clock: SandboxClock
  readonly ids: Ids
  readonly accounts: Map<string, Account>
  readonly keys: Map<string, ApiKey>
  /** The instruments by category and symbol (one pair may be listed in several categories). */
  readonly instruments: InstrumentTable
  readonly prices: Map<string, string>
  /** Mark prices set apart from the last price (`prices`); a symbol absent here marks at its last price. */
  readonly marks: Map<string, string>
  readonly orders: OrderStore
  /** Classic plan orders (trigger, trailing, take-profit/stop-loss) by id. */
  readonly plans: Map<string, PlanOrder>
  /** What changes, as it changes (the WebSocket endpoints push it). */
  readonly events: SandboxEvents
  /** Balances per uid, then per coin. */
  readonly balances: Map<string, Map<string, string>>
  /** Positions by `uid|symbol|side`. */
  readonly positions: Map<string, Position>
  /** Every fill, oldest first. */
  readonly fills: Fill[]
  /** Strategy orders by id (every `set` is recorded in {@link SandboxState.orderHistory}). */
  readonly strategies: Map<string, StrategyOrder>
  /** Every add and change of an order or strategy order, per account (bounded). */
  readonly orderHistory: OrderHistoryLog
  /** Armed countdown switches by uid. */
  readonly countdowns: Map<string, Countdown>
  /** Modifications awaiting their result, oldest first. */
  readonly modifications: Modification[]
  readonly modificationSettings: ModificationSettings
  /** The classic account's settings (rule 3 behaviour, elite-trader pairs). */
  readonly classic: ClassicSettings
  /** The last {@link recordedRequestLimit} requests of the exchange routes, oldest first. */
  readonly requests: RecordedRequest[]
  /** The position mode of an account for a category. */
  modeOf(uid: string, category: string): 'one_way' | 'hedge'
  /** The position mode of an account's classic futures line for a product type. */
  classicModeOf(uid: string, productType: string): 'one_way' | 'hedge'
  /** Whether an account is unified (UTA) or classic; an unknown uid is in the sandbox's default mode. */
  accountModeOf(uid: string): AccountMode
  /** Gives an account its seed balances (done for every new account). */
  fund(uid: string): void
  /**
   * Adds a key (and its account when new); fields left out are generated. With `publicKey` it is
   * an RSA key (no secret); a `publicKey` that is not an RSA public key PEM throws a `TypeError`,
   * and so does an `accountMode` other than the existing account's.
   */
  addKey(key?: KeyInput | undefined): ApiKey
}

/** One request as the sandbox saw it: what a test of a client's headers reads. */
export type RecordedRequest = {
  readonly method: string
  readonly path: string
  /** The `User-Agent` header, `undefined` when none was sent. */
  readonly userAgent: string | undefined
  /** The `X-CHANNEL-API-CODE` header (a broker code), `undefined` when none was sent. */
  readonly channelApiCode: string | undefined
}

/** How many requests the sandbox keeps (the oldest go first). */
export const recordedRequestLimit = 100

/**
 * Creates the state of a sandbox from seed data and a seed for ids.
 *
 * @example
 * import { createState } from '@tradeline/sandbox'
 * const state = createState({ seed: 1 })
 * state.keys.size // 1: a trade_rw key of a fresh account
 */
export function createState(
  options: {
    clock?: Clock | undefined
    seed?: Seed | undefined
    data?: SeedData | undefined
    classic?: Partial<ClassicSettings> | undefined
    /** Entries of the order history each account keeps. @default defaultOrderHistoryLimit (10,000) */
    orderHistoryLimit?: number | undefined
    /** The mode of every account the seed gives none (the default key's included). @default 'unified' */
    accountMode?: AccountMode | undefined
  } = {},
): SandboxState {
  const ids = createIds(options.seed)
  const data = options.data ?? {}
  const accounts = new Map<string, Account>()
  const keys = new Map<string, ApiKey>()
  const balances = new Map<string, Map<string, string>>()
  const seeded = data.balances ?? defaultBalances
  const perUid = Object.values(seeded).some((value) => typeof value === 'object')
  const fund = (uid: string) => {
    if (balances.has(uid)) return
    const coins = perUid
      ? ((seeded as Record<string, Record<string, string>>)[uid] ?? {})
      : (seeded as Record<string, string>)
    balances.set(uid, new Map(Object.entries(coins)))
  }
  const defaultMode = options.accountMode ?? 'unified'
  checkAccountMode(defaultMode)
  for (const account of data.accounts ?? []) {
    checkAccountMode(account.accountMode ?? defaultMode)
    accounts.set(account.uid, { ...account, accountMode: account.accountMode ?? defaultMode })
    fund(account.uid)
  }
  const events = createEvents()
  const clock = createClock(options.clock)
  const orderHistory = createOrderHistory(clock, options.orderHistoryLimit)
  const state: SandboxState = {
    clock,
    ids,
    accounts,
    keys,
    instruments: createInstrumentTable(data.instruments ?? defaultInstruments),
    prices: new Map(Object.entries(data.prices ?? defaultPrices)),
    marks: new Map(),
    plans: new Map(),
    orders: createOrderStore((order, change) => {
      orderHistory.record(order.uid, change, { kind: 'order', order })
      events.emit({ type: 'order', order })
    }),
    orderHistory,
    events,
    balances,
    positions: new Map(),
    fills: [],
    strategies: new RecordedStrategies(orderHistory, (strategy) =>
      events.emit({ type: 'strategy', strategy }),
    ),
    countdowns: new Map(),
    modifications: [],
    requests: [],
    modificationSettings: { hold: false, delayMs: 0 },
    classic: {
      hedgeClose: options.classic?.hedgeClose ?? defaultClassicSettings.hedgeClose,
      eliteTraderPairs: [
        ...(options.classic?.eliteTraderPairs ?? defaultClassicSettings.eliteTraderPairs),
      ],
    },
    modeOf(uid, category) {
      const account = accounts.get(uid)
      return account?.positionModes?.[category.toUpperCase()] ?? account?.positionMode ?? 'one_way'
    },
    classicModeOf(uid, productType) {
      const account = accounts.get(uid)
      return (
        account?.classicPositionModes?.[productType.toUpperCase()] ??
        account?.classicPositionMode ??
        'one_way'
      )
    },
    accountModeOf: (uid) => accounts.get(uid)?.accountMode ?? defaultMode,
    fund,
    addKey(key = {}) {
      // Checked first, so a refused key opens no account.
      if (key.publicKey !== undefined) {
        if (key.secret !== undefined && key.secret !== '')
          throw refuse(
            new TypeError('an API key has a secret (HMAC) or a publicKey (RSA), not both'),
          )
        checkPublicKey(key.publicKey)
      }
      const mode = key.accountMode
      if (mode !== undefined) checkAccountMode(mode)
      const uid =
        key.uid ??
        [...accounts.values()].find((a) => mode === undefined || a.accountMode === mode)?.uid ??
        ids.uid()
      const existing = accounts.get(uid)
      if (existing && mode !== undefined && existing.accountMode !== mode)
        throw refuse(
          new TypeError(
            `accountMode: the account ${uid} is ${existing.accountMode}, and every key of a uid shares its mode`,
          ),
        )
      if (!existing)
        accounts.set(uid, { uid, positionMode: 'one_way', accountMode: mode ?? defaultMode })
      fund(uid)
      const created: ApiKey = {
        apiKey: key.apiKey ?? `bg_${ids.hex(32)}`,
        secret: key.publicKey === undefined ? (key.secret ?? ids.hex(64)) : '',
        ...(key.publicKey !== undefined && { publicKey: key.publicKey }),
        passphrase: key.passphrase ?? ids.alnum(16),
        uid,
        permissions: key.permissions ?? ['trade_rw'],
        demo: key.demo ?? false,
        ...(key.eliteTrader === true && { eliteTrader: true }),
        accountMode: accounts.get(uid)?.accountMode ?? defaultMode,
      }
      keys.set(created.apiKey, created)
      return created
    },
  }
  attachPlanEngine(state)
  const seededKeys = data.keys ?? [{}]
  for (const key of seededKeys) state.addKey(key)
  return state
}

/** Refuses a mode other than `unified` and `classic` (a seed or an embedder's typo). */
function checkAccountMode(mode: unknown): void {
  if (!(accountModes as readonly unknown[]).includes(mode))
    throw refuse(new TypeError(`accountMode must be one of ${accountModes.join(', ')}`))
}

/** Refuses what is not an RSA public key PEM (a private key included: the sandbox keeps only public keys). */
function checkPublicKey(pem: unknown): void {
  const problem = 'publicKey must be an RSA public key as PEM ("-----BEGIN PUBLIC KEY-----")'
  if (typeof pem === 'string' && pem.includes('PRIVATE KEY'))
    throw refuse(new TypeError(`${problem}, not a private key`))
  if (typeof pem !== 'string' || !/-----BEGIN (RSA )?PUBLIC KEY-----/.test(pem))
    throw refuse(new TypeError(problem))
  let type: string | undefined
  try {
    type = createPublicKey(pem).asymmetricKeyType
  } catch {
    throw refuse(new TypeError(`${problem}; this one cannot be read`))
  }
  if (type !== 'rsa')
    throw refuse(new TypeError(`${problem}; this one is ${type ?? 'of no known type'}`))
}
