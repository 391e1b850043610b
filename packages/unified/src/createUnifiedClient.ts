import { createTransport, type Transport } from '@tradeline/core'
import { getMarketStates } from './actions/getMarketStates.js'
import { getOpenOrders } from './actions/getOpenOrders.js'
import type { ClientBase } from './internal/call.js'

/** The unified-account client: actions grouped by resource. */
export type UnifiedClient = ClientBase & {
  /** Market data. */
  readonly market: {
    /** {@link getMarketStates} */
    getStates(options?: getMarketStates.Options): Promise<getMarketStates.ReturnType>
  }
  /** Orders. */
  readonly orders: {
    /** {@link getOpenOrders} */
    getOpen(
      parameters?: getOpenOrders.Parameters,
      options?: getOpenOrders.Options,
    ): Promise<getOpenOrders.ReturnType>
  }
}

/**
 * Creates a client of the unified account (spec Part A).
 *
 * @example
 * import { createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials: { apiKey, secret, passphrase } })
 * await client.orders.getOpen({ category: 'SPOT' }) // { list: [], cursor: null }
 */
export function createUnifiedClient(
  options: createUnifiedClient.Parameters = {},
): createUnifiedClient.ReturnType {
  const { transport: given, ...transportOptions } = options
  const transport = given ?? createTransport(transportOptions)
  const client: ClientBase = { transport }
  return {
    transport,
    market: { getStates: (o) => getMarketStates(client, o) },
    orders: { getOpen: (p, o) => getOpenOrders(client, p, o) },
  }
}

export declare namespace createUnifiedClient {
  type Parameters = createTransport.Parameters & {
    /** A transport to share with other clients; the transport options are then ignored. @default a new transport */
    transport?: Transport | undefined
  }
  type ReturnType = UnifiedClient
}
