/**
 * The public types of the unified client: what it is configured with, what every action needs of
 * a client (to write an action of your own), and the options of calls and batches.
 */
import type {
  BatchProgress,
  ChangeOptions,
  ClientBase as CoreClientBase,
  Instruments,
  OrderClientConfig,
  PositionModes,
} from '@tradeline/core'
import type { SymbolMemory } from './internal/call.js'
import type { MarketData } from './internal/market.js'

export type {
  BatchOutcome,
  BatchProgress,
  CallOptions,
  ChangeOptions,
  Instruments,
  PositionModes,
  ReconcileOptions,
} from '@tradeline/core'

/** What the client knows beyond its transport. */
export type ClientConfig = OrderClientConfig & {
  /** Instruments for the tick, lot and minimum checks; `false`: none. @default loaded from the exchange */
  readonly instruments?: Instruments | false | undefined
  /** Position mode for the `posSide`/`reduceOnly` checks; `false`: none. @default loaded from the account settings */
  readonly positionMode?: PositionModes | false | undefined
}

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig> & {
  /** The symbols of the orders this client placed, for budgets of calls that name none. @default none */
  readonly symbols?: SymbolMemory | undefined
  /** The instruments and settings loaded from the exchange. @default none (nothing is loaded) */
  readonly loaded?: MarketData | undefined
}

/** Options of a batch helper. */
export type BatchOptions = ChangeOptions & {
  /** Called after each batch. @default undefined */
  onProgress?: ((progress: BatchProgress) => void) | undefined
}
