import { createTransport, type RateLimiter, requireArgument, type Transport } from '@tradeline/core'
import { createRateLimiter } from '@tradeline/rate-limit'
import { ClassicFutures, Endpoint, type Instrument, Options } from '@tradeline/rules'
import { cancelAllOrders } from './actions/cancelAllOrders.js'
import { cancelBatch } from './actions/cancelBatch.js'
import { cancelOrder } from './actions/cancelOrder.js'
import { cancelOrders } from './actions/cancelOrders.js'
import { closePositions } from './actions/closePositions.js'
import { getContracts } from './actions/getContracts.js'
import { getOrder } from './actions/getOrder.js'
import { getPendingOrders } from './actions/getPendingOrders.js'
import { getPositions } from './actions/getPositions.js'
import { modifyOrder } from './actions/modifyOrder.js'
import { placeBatch } from './actions/placeBatch.js'
import { placeOrder } from './actions/placeOrder.js'
import { placeOrders } from './actions/placeOrders.js'
import { reverseOrder } from './actions/reverseOrder.js'
import {
  type ClientBase,
  type ClientConfig,
  createContracts,
  type Instruments,
  instrumentOf,
  type PositionModes,
} from './internal/client.js'
import { version } from './version.js'

type Fn<f extends (client: ClientBase, ...rest: any[]) => unknown> = f extends (
  client: ClientBase,
  ...rest: infer rest
) => infer result
  ? (...rest: rest) => result
  : never

/** The classic-account futures client: actions grouped by resource, over one transport. */
export type ClassicFuturesClient = ClientBase & {
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** Single orders and order reads. */
  readonly orders: {
    /** {@link placeOrder} */ place: Fn<typeof placeOrder>
    /** {@link reverseOrder} (click-backhand) */ reverse: Fn<typeof reverseOrder>
    /** {@link modifyOrder} */ modify: Fn<typeof modifyOrder>
    /** {@link cancelOrder} */ cancel: Fn<typeof cancelOrder>
    /** {@link getOrder} (order detail) */ get: Fn<typeof getOrder>
    /** {@link getPendingOrders} */ getPending: Fn<typeof getPendingOrders>
    /** {@link cancelAllOrders} */ cancelAll: Fn<typeof cancelAllOrders>
    /** {@link closePositions} (flash close) */ closePositions: Fn<typeof closePositions>
  }
  /** Many orders at once. */
  readonly batch: {
    /** {@link placeOrders}: any number, in batches of 50. */ place: Fn<typeof placeOrders>
    /** {@link placeBatch}: one batch. */ placeOne: Fn<typeof placeBatch>
    /** {@link cancelOrders}: any number, in batches of 50. */ cancel: Fn<typeof cancelOrders>
    /** {@link cancelBatch}: one batch. */ cancelOne: Fn<typeof cancelBatch>
  }
  /** Market data. */
  readonly positions: {
    /** {@link getPositions} */ getAll: Fn<typeof getPositions>
  }
  readonly market: {
    /** {@link getContracts} */ getContracts: Fn<typeof getContracts>
  }
  /** The contracts the client loads for its checks. */
  readonly instruments: {
    /** Loads the contracts of `productTypes` (every product type when absent) now, instead of on first use. */
    load(productTypes?: readonly string[] | undefined): Promise<void>
    /** The instrument of `symbol` as the client checks it (loading its list when needed). */
    get(symbol: string, productType: string): Promise<Instrument | undefined>
    /** Forgets what was loaded; the next check loads again. */
    clear(): void
  }
}

const productTypes = ['USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const

/**
 * Creates a client of the classic account's futures (spec Part B): orders, reversal, modify,
 * cancel, batches, pending orders, cancel all, flash close, contracts.
 *
 * @example
 * import { createClassicFuturesClient } from '@tradeline/classic-futures'
 * const client = createClassicFuturesClient({ credentials: { apiKey, secret, passphrase }, positionMode: 'one_way' })
 * await client.orders.getPending({ productType: 'USDT-FUTURES' }) // { entrustedList: [], endId: null }
 */
export function createClassicFuturesClient(
  options: createClassicFuturesClient.Parameters = {},
): createClassicFuturesClient.ReturnType {
  // Every numeric option (timeout, retry, cacheTtlMs, reconcile) before anything is created.
  Options.assert('createClassicFuturesClient', Options.tradingClient, options)
  const {
    transport: given,
    instruments,
    positionMode,
    cacheTtlMs,
    reconcile,
    clientOid,
    rateLimiter,
    ...transportOptions
  } = options
  const transport =
    given ??
    createTransport({
      product: { name: 'classic-futures', version },
      ...transportOptions,
      ...(rateLimiter !== false && { rateLimiter: rateLimiter ?? createRateLimiter() }),
    })
  const config: ClientConfig = Object.freeze({
    ...(instruments !== undefined && { instruments }),
    ...(positionMode !== undefined && { positionMode }),
    ...(reconcile !== undefined && { reconcile }),
    ...(clientOid !== undefined && { clientOid }),
    ...(options.signal !== undefined && { signal: options.signal }),
  })
  const contracts = createContracts(transport, { ttlMs: cacheTtlMs, clock: options.clock })
  const c: ClientBase = { transport, config, contracts }
  return {
    transport,
    config,
    contracts,
    orders: {
      place: (p, o) => placeOrder(c, p, o ?? {}),
      reverse: (p, o) => reverseOrder(c, p, o ?? {}),
      modify: (p, o) => modifyOrder(c, p, o ?? {}),
      cancel: (p, o) => cancelOrder(c, p, o ?? {}),
      get: (p, o) => getOrder(c, p, o ?? {}),
      getPending: (p, o) => getPendingOrders(c, p, o ?? {}),
      cancelAll: (p, o) => cancelAllOrders(c, p, o ?? {}),
      closePositions: (p, o) => closePositions(c, p, o ?? {}),
    },
    batch: {
      place: (p, o) => placeOrders(c, p, o ?? {}),
      placeOne: (p, o) => placeBatch(c, p, o ?? {}),
      cancel: (p, o) => cancelOrders(c, p, o ?? {}),
      cancelOne: (p, o) => cancelBatch(c, p, o ?? {}),
    },
    positions: { getAll: (p, o) => getPositions(c, p, o ?? {}) },
    market: { getContracts: (p, o) => getContracts(c, p, o ?? {}) },
    instruments: {
      load: async (types = productTypes) => {
        // A caller without types may pass anything: refused by name before anything is sent.
        requireArgument(ClassicFutures.getContracts, types, 'array', 'productTypes')
        for (const productType of types as readonly unknown[])
          Endpoint.assert(ClassicFutures.getContracts, { productType })
        await Promise.all(types.map((type) => contracts.get(type.toUpperCase())))
      },
      get: (symbol, productType) => instrumentOf(c, symbol, productType),
      clear: () => contracts.clear(),
    },
  }
}

export declare namespace createClassicFuturesClient {
  type Parameters = Omit<createTransport.Parameters, 'rateLimiter'> & {
    /** A transport to share with other clients; the transport options are then ignored. @default a new transport */
    transport?: Transport | undefined
    /**
     * Asked before every call for its endpoint's budgets (the rules' rate-limit table). Pass one
     * limiter to every client of an account, or `false` for none.
     * @default a new in-memory `createRateLimiter()` of `@tradeline/rate-limit`
     */
    rateLimiter?: RateLimiter | false | undefined
    /**
     * Instruments for the tick, lot and minimum checks before sending: by default the product
     * type's contracts are loaded on first use (GET /api/v2/mix/market/contracts; tick =
     * `priceEndStep` x 10^-`pricePlace`, lot `sizeMultiplier`, minimum `minTradeNum`) and cached
     * for `cacheTtlMs`; a record by symbol or a loader `(symbol, productType) => Instrument`
     * replaces it; `false` turns the checks off.
     * @default loaded from the exchange
     */
    instruments?: Instruments | false | undefined
    /**
     * The classic account's position mode for the `tradeSide`/`reduceOnly` checks (Part B rule
     * 1): `'hedge'` or `'one_way'` for every product type, a record by product type, or a loader
     * `(productType) => mode`. The mode is in no public read the spec names, so it is not loaded:
     * without this option the mode is not checked (the exchange still refuses a mismatch, 40774).
     * @default none (not checked)
     */
    positionMode?: PositionModes | false | undefined
    /** How long loaded contracts are kept, in milliseconds. @default 300000 */
    cacheTtlMs?: number | undefined
    /**
     * Reconciles unknown outcomes (40010, 40725, 45001, timeouts, lost connections) by order
     * detail by `clientOid`, or `false` to throw the `UnknownOutcomeError`.
     * @default { attempts: 6, baseDelayMs: 250 }
     */
    reconcile?: import('@tradeline/core').ReconcileOptions | false | undefined
    /** Makes the `clientOid` of an order without one. @default createClientOid */
    clientOid?: (() => string) | undefined
  }
  type ReturnType = ClassicFuturesClient
  type ErrorType = import('@tradeline/core').BaseError
}
