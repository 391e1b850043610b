/** What every classic action needs of a client, and the steps of one call that are the line's own. */
import {
  createLoadCache,
  parseData,
  type Transport,
  ValidationError,
  validateRequest,
} from '@tradeline/core'
import { defined } from '@tradeline/core/internal'
import { ClassicFutures } from '@tradeline/rules/classic-futures'
import { type Instrument, Issue, type Issues, PositionMode } from '@tradeline/rules/shared'
import { singleAccountRecord } from '../schemas/account.js'
import { toInstrument, untradableStatuses } from '../schemas/instrument.js'
import { contractRecords } from '../schemas/records.js'
import type { AccountModes, ClientBase, Contracts, LoadedContract } from '../types.js'

export type { CallOptions, ChangeOptions, Instruments, PositionModes } from '@tradeline/core'
export { clientOidFor } from '@tradeline/core'
export { defined } from '@tradeline/core/internal'

/** A product type as the rules know it (`USDT-FUTURES`, `COIN-FUTURES`, `USDC-FUTURES`). */
export type ProductTypeName = string

export type { AccountModes, ClientBase, ClientConfig, Contracts, LoadedContract } from '../types.js'

/** The rules' name of a classic `posMode`; `undefined` for anything else. */
export function modeOfPosMode(posMode: unknown): PositionMode.Mode | undefined {
  if (posMode === 'hedge_mode') return 'hedge'
  if (posMode === 'one_way_mode') return 'one_way'
  return undefined
}

/**
 * Creates the cache of the account's position modes, per product type, shared by concurrent
 * callers (core's `createLoadCache`); a failed read is not kept.
 */
export function createAccountModes(
  transport: Transport,
  options: { ttlMs?: number | undefined; clock?: { now(): number } | undefined } = {},
): AccountModes {
  // The account endpoint needs a symbol and margin coin: those of the call that asks first.
  const asked = new Map<string, { symbol: string; marginCoin: string }>()
  const clock = options.clock ?? { now: () => Date.now() }
  /** When the mode at hand of each product type was read or learnt (the client's clock). */
  const readAt = new Map<string, number>()
  const cache = createLoadCache<PositionMode.Mode | undefined>({
    ttlMs: options.ttlMs,
    clock,
    load: async (productType) => {
      const data = await transport.request({
        endpoint: ClassicFutures.getAccount,
        query: { productType, ...asked.get(productType) },
      })
      readAt.set(productType, clock.now())
      return modeOfPosMode(
        parseData(ClassicFutures.getAccount, singleAccountRecord, data, transport.redact).posMode,
      )
    },
  })
  return {
    async get(productType, account) {
      const fresh = cache.peek(productType)
      if (fresh !== undefined) return fresh
      const { symbol, marginCoin } = account
      if (typeof symbol === 'string' && typeof marginCoin === 'string')
        asked.set(productType, { symbol, marginCoin })
      // A call without them (a flash close) reads with those of the call that read it before.
      else if (!asked.has(productType)) return undefined
      return cache.get(productType).catch(() => undefined)
    },
    peek: (productType) => cache.peek(productType),
    set(productType, mode) {
      cache.set(productType, mode)
      readAt.set(productType, clock.now())
    },
    readWithin: (productType, ms) =>
      cache.peek(productType) !== undefined &&
      clock.now() - (readAt.get(productType) ?? Number.NEGATIVE_INFINITY) < ms,
    clear: (productType) => cache.clear(productType),
  }
}

/** Loads the contracts of a product type (GET /api/v2/mix/market/contracts), cached per type. */
export function createContracts(
  transport: Transport,
  options: { ttlMs?: number | undefined; clock?: { now(): number } | undefined } = {},
): Contracts {
  return createLoadCache({
    ttlMs: options.ttlMs,
    clock: options.clock,
    load: async (productType) => {
      const data = await transport.request({
        endpoint: ClassicFutures.getContracts,
        query: { productType },
      })
      const bySymbol = new Map<string, LoadedContract>()
      for (const record of parseData(
        ClassicFutures.getContracts,
        contractRecords,
        data,
        transport.redact,
      ))
        bySymbol.set(record.symbol, {
          instrument: toInstrument(record),
          status: record.symbolStatus,
          record,
        })
      return bySymbol
    },
  })
}

/** The upper-case product type of a raw value, when it is a string. */
export function productTypeOf(value: unknown): ProductTypeName | undefined {
  return typeof value === 'string' ? value.toUpperCase() : undefined
}

/** The loaded contract of `symbol` (when the client loads them); a failed load is none. */
async function loadedOf(
  client: ClientBase,
  symbol: unknown,
  productType: unknown,
): Promise<LoadedContract | undefined> {
  const type = productTypeOf(productType)
  if (client.config?.instruments !== undefined || typeof symbol !== 'string' || !type)
    return undefined
  const loaded = await client.contracts?.get(type).catch(() => undefined)
  return loaded?.get(symbol)
}

/** The instrument of `symbol` the client knows; `undefined` when unknown or checks are off. */
export async function instrumentOf(
  client: ClientBase,
  symbol: unknown,
  productType: unknown,
): Promise<Instrument | undefined> {
  const instruments = client.config?.instruments
  if (instruments === false || typeof symbol !== 'string') return undefined
  if (instruments === undefined) return (await loadedOf(client, symbol, productType))?.instrument
  if (typeof instruments === 'function') return instruments(symbol, productTypeOf(productType))
  return Object.hasOwn(instruments, symbol) ? instruments[symbol] : undefined
}

/**
 * The position mode of a product type: the one the client was told, else the account's (read
 * with the order's symbol and margin coin); `undefined` when checks are off or it is unknown.
 */
export async function positionModeOf(
  client: ClientBase,
  productType: unknown,
  account: { symbol?: unknown; marginCoin?: unknown } = {},
): Promise<PositionMode.Mode | undefined> {
  const modes = client.config?.positionMode
  const type = productTypeOf(productType)
  if (modes === false || type === undefined) return undefined
  if (modes === undefined) return client.accountModes?.get(type, account)
  if (typeof modes === 'string') return modes
  if (typeof modes === 'function') return modes(type)
  return Object.hasOwn(modes, type) ? modes[type] : undefined
}

/** The rules' `OrderContext` of an order: its instrument and the position mode, when known. */
export async function orderContextOf(
  client: ClientBase,
  order: { symbol?: unknown; productType?: unknown; marginCoin?: unknown },
): Promise<ClassicFutures.OrderContext> {
  const [instrument, positionMode] = await Promise.all([
    instrumentOf(client, order.symbol, order.productType),
    positionModeOf(client, order.productType, order),
  ])
  return defined({
    instrument,
    positionMode,
    eliteTraderPairs: client.config?.eliteTraderPairs,
  })
}

/**
 * How old (ms) the position mode at hand must be before the client's own refusal of an order on
 * its fields reads it again: a wrong order sent again and again reads the account at most once
 * a second, and a mode this client just read or set is not read back.
 */
export const modeRereadAfterMs = 1000

/** Whether an issue is a position-mode rule's (classic order rule 1, a plan's `holdSide`). */
const isModeIssue = (issue: Issue.Issue): boolean => PositionMode.isModeIssue(issue, 'classic')

/**
 * The position mode read again after the client's own check refused an order on its fields
 * (`tradeSide`, `reduceOnly`, `holdSide`) with `checked`, the mode read from the account:
 * switched elsewhere (on the web, another process) since it was read, a correct order would
 * otherwise be refused here, unsent, so never answered 40774, until `cacheTtlMs`. When another
 * call has read it again since (or is reading it), that reading, with no read of its own: a burst
 * of orders refused together reads the account once. Else not when the mode was read less than
 * {@link modeRereadAfterMs} ago. The account is read with the order's symbol and margin coin, or
 * with those of the call that read it before (a flash close names no margin coin). The new mode
 * when it differs from `checked`, else `undefined` (the refusal stands). A mode given in the
 * options is the caller's to keep.
 */
export async function modeAfterLocalRefusal(
  client: ClientBase,
  error: unknown,
  order: { symbol?: unknown; productType?: unknown; marginCoin?: unknown },
  checked: PositionMode.Mode | undefined,
): Promise<PositionMode.Mode | undefined> {
  const modes = client.accountModes
  const type = productTypeOf(order.productType)
  if (!ValidationError.isInstance(error) || client.config?.positionMode !== undefined)
    return undefined
  if (!modes || type === undefined || checked === undefined) return undefined
  if (!error.issues.some(isModeIssue)) return undefined
  const now = modes.peek(type)
  if (now === checked) {
    // Read (or set by this client) a moment ago: reading again would read the same.
    if (modes.readWithin(type, modeRereadAfterMs)) return undefined
    modes.clear(type)
  }
  // Cleared here, or by a call refused before this one (whose read this one then shares).
  const after =
    now !== undefined && now !== checked ? now : await positionModeOf(client, type, order)
  return after !== undefined && after !== checked ? after : undefined
}

/**
 * The request of an order checked with `context` (core's `validateRequest`); refused on a field
 * of the position mode, checked once more with the mode read again when it changed
 * ({@link modeAfterLocalRefusal}), else the refusal is thrown.
 */
export async function validateOrder(
  client: ClientBase,
  endpoint: Parameters<typeof validateRequest>[0],
  input: { symbol?: unknown; productType?: unknown; marginCoin?: unknown },
  context: { readonly positionMode?: PositionMode.Mode | undefined },
): Promise<unknown> {
  try {
    return validateRequest(endpoint, input, context)
  } catch (error) {
    const fresh = await modeAfterLocalRefusal(client, error, input, context.positionMode)
    if (fresh === undefined) throw error
    return validateRequest(endpoint, input, { ...context, positionMode: fresh })
  }
}

/**
 * The issue of a `marginCoin` that is not among the contract's `supportMarginCoins` (compared in
 * any letter case, as the exchange reads it), which the exchange would refuse with 40017;
 * `undefined` when it is one of them, or the contract or the coin is not known.
 */
function marginCoinIssue(
  loaded: LoadedContract | undefined,
  request: { symbol?: unknown; productType?: unknown; marginCoin?: unknown } | undefined,
  at: readonly (string | number)[],
): Issue.Issue | undefined {
  const coins = loaded?.record.supportMarginCoins ?? []
  const coin = request?.marginCoin
  if (
    typeof coin !== 'string' ||
    coins.length === 0 ||
    coins.some((c) => c.toUpperCase() === coin.toUpperCase())
  )
    return undefined
  return Issue.create({
    type: 'value',
    path: at,
    expected: `a margin coin of ${String(request?.symbol)} (${coins.join(', ')})`,
    received: JSON.stringify(coin),
    message: `${Issue.formatPath(at)}: ${String(request?.symbol)} on ${String(request?.productType)} takes ${coins.join(' or ')} as margin coin, not ${JSON.stringify(coin)}.`,
  })
}

/**
 * The contract of `symbol` in a product type's list already loaded, for a call that names no
 * product type (`setAutoMargin`): nothing is loaded for it; `undefined` when no loaded list holds
 * the symbol or checks are off.
 */
function loadedAnywhere(client: ClientBase, symbol: unknown): LoadedContract | undefined {
  if (client.config?.instruments !== undefined || typeof symbol !== 'string') return undefined
  for (const type of ClassicFutures.productTypes) {
    const found = client.contracts?.peek(type)?.get(symbol)
    if (found) return found
  }
  return undefined
}

/**
 * Refuses, before anything is sent, an account call (read or setting of one symbol's margin
 * account) whose `marginCoin` is not among the contract's `supportMarginCoins`, naming the margin
 * coin: the exchange would answer 40017. Unlike an order, an untradable contract's account is
 * still read and set.
 */
export async function assertMarginCoin(
  client: ClientBase,
  endpoint: { readonly id: string },
  request: { symbol?: unknown; productType?: unknown; marginCoin?: unknown } | undefined,
): Promise<void> {
  const loaded =
    request?.productType === undefined
      ? loadedAnywhere(client, request?.symbol)
      : await loadedOf(client, request?.symbol, request?.productType)
  const issue = marginCoinIssue(loaded, request, ['marginCoin'])
  if (issue)
    throw new ValidationError({ endpoint: endpoint.id, issues: [issue] as unknown as Issues })
}

/**
 * Refuses, before anything is sent, an order of a contract the exchange lists as `off` or
 * `maintain` (a `ValidationError` naming the symbol and the status), and one whose `marginCoin`
 * is not among the contract's `supportMarginCoins` (naming the margin coin), which the exchange
 * would refuse with 40017.
 */
export async function assertTradable(
  client: ClientBase,
  endpoint: { readonly id: string },
  orders: readonly { symbol?: unknown; productType?: unknown; marginCoin?: unknown }[],
  path: (index: number) => readonly (string | number)[] = () => [],
): Promise<void> {
  const issues: Issue.Issue[] = []
  for (const [index, order] of orders.entries()) {
    const loaded = await loadedOf(client, order?.symbol, order?.productType)
    const coin = marginCoinIssue(loaded, order, [...path(index), 'marginCoin'])
    if (coin) issues.push(coin)
    if (!loaded?.status || !untradableStatuses.includes(loaded.status)) continue
    const at = [...path(index), 'symbol']
    issues.push(
      Issue.create({
        type: 'unsupported',
        path: at,
        expected: 'a contract that trades (symbolStatus normal)',
        received: `${JSON.stringify(order.symbol)}, listed with symbolStatus ${loaded.status}`,
        message: `${Issue.formatPath(at)}: ${String(order.symbol)} cannot be traded now: the exchange lists it with symbolStatus ${loaded.status}.`,
      }),
    )
  }
  if (issues.length > 0)
    throw new ValidationError({ endpoint: endpoint.id, issues: issues as unknown as Issues })
}
