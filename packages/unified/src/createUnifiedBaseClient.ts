import { createClientBase, type Transport } from '@tradeline/core'
import { assertFactoryOptions } from '@tradeline/core/internal'
import { createRateLimiterFor } from '@tradeline/rate-limit'
import { Options, ProductLine, RateLimits } from '@tradeline/rules/shared'
import {
  type ClientBase,
  type ClientConfig,
  type Instruments,
  type PositionModes,
  SymbolMemory,
} from './internal/call.js'
import { createMarketData, type MarketData } from './internal/market.js'
import { version } from './version.js'

/**
 * A unified-account client without methods: what every action takes (transport, config,
 * symbol memory, loaded instruments and settings), for the standalone actions.
 */
export type UnifiedBaseClient = ClientBase & {
  /** The transport that signs and sends. */
  readonly transport: Transport
  /** What the client knows beyond its transport. */
  readonly config: ClientConfig
  /** The symbols of the orders this client placed. */
  readonly symbols: SymbolMemory
  /** The instruments and settings loaded from the exchange. */
  readonly loaded: MarketData
}

/**
 * Creates a unified-account client without methods, for the standalone actions (`placeOrder(client,
 * ...)`): an app bundles only the actions it imports, where `createUnifiedClient` brings every
 * one. Same options, same checks and defaults (rate limiter, loaded instruments and position
 * mode, reconciliation) as `createUnifiedClient`.
 *
 * @param options The client's options, each listed below with its default.
 * @example
 * import { createUnifiedBaseClient, placeOrder } from '@tradeline/unified'
 * const client = createUnifiedBaseClient({ credentials: { apiKey, secret, passphrase } })
 * await placeOrder(client, { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '60000' })
 * // { orderId: '1001', clientOid: 'Jc3m_0q9ZyXb-4TtUu1wQe8K' }
 */
export function createUnifiedBaseClient(
  options: createUnifiedBaseClient.Parameters = {},
): createUnifiedBaseClient.ReturnType {
  // Every numeric option (timeout, retry, cacheTtlMs, reconcile) before anything is created.
  assertFactoryOptions('createUnifiedBaseClient', Options.tradingClient, options)
  const { instruments, positionMode, cacheTtlMs, ...rest } = options
  const base = createClientBase(rest, {
    name: 'unified',
    version,
    // Only the unified and public rows: a browser bundle carries no other line's.
    rateLimits: RateLimits.unifiedTable,
    createRateLimiter: createRateLimiterFor,
    config: { instruments, positionMode },
  })
  return {
    ...base,
    symbols: new SymbolMemory(10_000, ProductLine.isRToken),
    loaded: createMarketData(base.transport, {
      ttlMs: cacheTtlMs,
      clock: options.clock,
      settings: options.credentials !== undefined || options.signer !== undefined,
    }),
  }
}

export declare namespace createUnifiedBaseClient {
  /**
   * The client's options, each documented here: where it connects and with which key, its
   * transport, limiter and retries, and the checks before an order is sent.
   * @interface
   * @expand
   */
  type Parameters = createClientBase.OrderParameters & {
    /**
     * Instruments for the tick, lot, minimum and status checks before sending: by default the
     * category's list is loaded from the exchange on first use (GET /api/v3/market/instruments),
     * cached for `cacheTtlMs`, and loaded again once after a precision refusal; a record by
     * symbol or a loader `(symbol, category) => Instrument | undefined` (may return a promise)
     * replaces it; `false` turns the checks off.
     * @default loaded from the exchange
     */
    instruments?: Instruments | false | undefined
    /**
     * The account's position mode for the `posSide`/`reduceOnly` checks: by default `holdMode`
     * of the account settings (GET /api/v3/account/settings), loaded on first use and cached;
     * `'hedge'` or `'one_way'` for every futures line, a record by category, or a loader
     * `(category) => mode` replaces it; `false` turns the checks off.
     * @default loaded from the account settings
     */
    positionMode?: PositionModes | false | undefined
    /** How long loaded instruments and account settings are kept, in milliseconds. @default 300000 */
    cacheTtlMs?: number | undefined
  }
  type ReturnType = UnifiedBaseClient
  type ErrorType = import('@tradeline/core').BaseError
}
