/**
 * The foundation every client of a product line is built on: the transport (with a default
 * rate limiter over the line's own rows of the rules' table), the frozen config, what the line
 * loads from the exchange, and its actions bound to the client (viem's `client.extend` is the
 * model: actions take the client first, an extension binds them).
 */
import { type Instrument, type PositionMode, RateLimits } from '@tradeline/rules/shared'
import { defined } from './calls.js'
import { createTransport, type Transport } from './createTransport.js'
import type { Product } from './Product.js'
import type { RateLimiter } from './RateLimiter.js'
import type { ReconcileOptions } from './reconcile.js'

/** Options every action takes. */
export type CallOptions = {
  /** Aborts this call. @default undefined */
  signal?: AbortSignal | undefined
}

/** Options of an order-changing action. */
export type ChangeOptions = CallOptions & {
  /** Reconciles an unknown outcome of this call (overrides the client's option). @default the client's `reconcile` */
  reconcile?: ReconcileOptions | boolean | undefined
}

/** What a client knows beyond its transport. */
export type ClientConfig = {
  /** Aborts every call of the client (also its reconciliation). */
  readonly signal?: AbortSignal | undefined
}

/** What a client that changes orders knows beyond its transport. */
export type OrderClientConfig = ClientConfig & {
  /** Reconciliation of unknown outcomes, or `false`. */
  readonly reconcile?: ReconcileOptions | false | undefined
  /** Makes the `clientOid` of an order that has none. */
  readonly clientOid?: (() => string) | undefined
}

/** What every action needs of a client: its transport and its config. */
export type ClientBase<config extends ClientConfig = ClientConfig> = {
  /** The transport that signs and sends. */
  readonly transport: Transport
  /** What the client knows beyond its transport. @default {} */
  readonly config?: config | undefined
}

/**
 * The instruments a client checks orders with: a record by symbol, or a loader of the symbol
 * and its group (the category of a unified order, the product type of a classic one).
 */
export type Instruments =
  | Readonly<Record<string, Instrument>>
  | ((
      symbol: string,
      group: string | undefined,
    ) => Instrument | undefined | Promise<Instrument | undefined>)

/** The account's position mode: one for every group, one per group, or a loader. */
export type PositionModes =
  | PositionMode.Mode
  | Readonly<Partial<Record<string, PositionMode.Mode>>>
  | ((group: string) => PositionMode.Mode | undefined | Promise<PositionMode.Mode | undefined>)

/** The rate-limit rows of a product line, by endpoint id (`RateLimits.unifiedTable`, ...). */
export type RateLimitRows = Readonly<Partial<Record<string, readonly RateLimits.Rule[]>>>

/**
 * Creates what every client of a product line starts from: its transport (or the one given),
 * whose default limiter (made by `line.createRateLimiter`) holds only the line's rate-limit
 * rows and the public rows, and the client's frozen config (`signal`, `reconcile`, `clientOid`
 * and the line's own entries). The line adds what it loads from the exchange over
 * `base.transport`, then binds its actions with {@link extendClient} and {@link bindActions}.
 *
 * @example
 * import { createClientBase } from '@tradeline/core'
 * import { createRateLimiterFor } from '@tradeline/rate-limit'
 * import { RateLimits } from '@tradeline/rules/shared'
 * const base = createClientBase(options, {
 *   name: 'savings',
 *   version: '1.0.0',
 *   rateLimits: RateLimits.savingsTable,
 *   createRateLimiter: createRateLimiterFor,
 * })
 * Object.keys(base) // ['transport', 'config']
 */
export function createClientBase<own extends object = {}>(
  parameters: createClientBase.OrderParameters,
  line: createClientBase.Line<own>,
): createClientBase.ReturnType<own> {
  const { transport: given, rateLimiter, reconcile, clientOid, ...transportOptions } = parameters
  const transport =
    given ??
    createTransport({
      product: line,
      ...transportOptions,
      ...(rateLimiter !== false && {
        // The transport itself reads the public time (clock sync): the public rows always join.
        rateLimiter:
          rateLimiter ?? line.createRateLimiter({ ...RateLimits.publicTable, ...line.rateLimits }),
      }),
    })
  const config = Object.freeze(
    defined({ ...line.config, reconcile, clientOid, signal: parameters.signal }),
  )
  return { transport, config: config as createClientBase.ReturnType<own>['config'] }
}

export declare namespace createClientBase {
  /** The options every client takes: `createTransport`'s (but its limiter), or a transport. */
  type Parameters = Omit<createTransport.Parameters, 'rateLimiter'> & {
    /** A transport to share with other clients; the transport options are then ignored. @default a new transport */
    transport?: Transport | undefined
    /**
     * Asked before every call for its endpoint's budgets (the rules' rate-limit table), so the
     * client never sends more than the exchange admits. Pass one limiter to every client of an
     * account (`createRateLimiter()` of `@tradeline/rate-limit` holds every line's rows; a
     * Redis-backed one serves every process), or `false` for none.
     * @default a new in-memory limiter of `@tradeline/rate-limit` over the client's own line's rows of the table and the public rows
     */
    rateLimiter?: RateLimiter | false | undefined
  }
  /** The options of a client that changes orders: also reconciliation and `clientOid`s. */
  type OrderParameters = Parameters & {
    /**
     * Reconciles unknown outcomes (40010, 40725, 45001, timeouts, lost connections) by looking
     * the order up by its `clientOid`, or `false` to throw the `UnknownOutcomeError`.
     * @default { attempts: 6, baseDelayMs: 250 }
     */
    reconcile?: ReconcileOptions | false | undefined
    /** Makes the `clientOid` of an order without one; ids must match `[A-Za-z0-9_-]{1,32}`. @default createClientOid */
    clientOid?: (() => string) | undefined
  }
  /**
   * What a product line gives: its package's name and version (named first in the
   * `User-Agent`), its rate-limit rows and its config entries.
   */
  type Line<own extends object> = Product & {
    /** The line's rows of the rules' rate-limit table (`RateLimits.unifiedTable`, ...); the public rows join them. */
    rateLimits: RateLimitRows
    /** Makes the default limiter over those rows (`createRateLimiterFor` of `@tradeline/rate-limit`). */
    createRateLimiter: (rows: RateLimitRows) => RateLimiter
    /** The line's own config entries (instruments, position mode, ...); `undefined` ones are left out. */
    config?: own | undefined
  }
  /** The client's transport and its frozen config. */
  type ReturnType<own extends object> = {
    readonly transport: Transport
    readonly config: OrderClientConfig & Readonly<own>
  }
  type ErrorType = import('@tradeline/rules').BaseError
}

/**
 * Adds to a client what `extend` makes of it (viem's `client.extend`): the line's groups of
 * bound actions.
 *
 * @example
 * import { bindActions, extendClient } from '@tradeline/core'
 * import { placeOrder } from '@tradeline/unified'
 * const client = extendClient(base, (c) => ({ orders: bindActions(c, { place: placeOrder }) }))
 * await client.orders.place(order)
 */
export function extendClient<client extends object, extension extends object>(
  client: client,
  extend: (client: client) => extension,
): client & extension {
  return { ...client, ...extend(client) }
}

/** An action with its client bound: `placeOrder(client, parameters, options)` as `(parameters, options)`. */
export type BoundAction<action> = action extends (client: any, ...rest: infer rest) => infer result
  ? (...rest: rest) => result
  : never

/** Actions with their client bound, by name. */
export type BoundActions<actions> = { [name in keyof actions]: BoundAction<actions[name]> }

/**
 * Binds actions of the shape `(client, parameters, options)` to a client: each becomes
 * `(parameters, options)`, a `null` or absent `options` passed on as `{}`. An action of another
 * shape (options first, no options) is bound by hand.
 *
 * @example
 * import { bindActions } from '@tradeline/core'
 * import { cancelOrder, placeOrder } from '@tradeline/unified'
 * const orders = bindActions(client, { place: placeOrder, cancel: cancelOrder })
 * await orders.place({ category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '60000' })
 */
export function bindActions<
  client,
  actions extends Record<
    string,
    (client: NoInfer<client>, parameters: any, options?: any) => unknown
  >,
>(client: client, actions: actions): BoundActions<actions> {
  const bound: Record<string, (parameters: unknown, options: unknown) => unknown> = {}
  for (const [name, action] of Object.entries(actions))
    bound[name] = (parameters, options) => action(client, parameters, options ?? {})
  return bound as BoundActions<actions>
}
