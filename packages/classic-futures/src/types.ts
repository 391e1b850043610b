/**
 * The public types of the classic futures client: what it is configured with, what every action
 * needs of a client (to write an action of your own), the account's position modes, and the
 * options of calls and batches.
 */
import type {
  BatchProgress,
  ChangeOptions,
  ClientBase as CoreClientBase,
  Instruments,
  LoadCache,
  OrderClientConfig,
  PositionModes,
} from '@tradeline/core'
import type { Instrument, PositionMode } from '@tradeline/rules/shared'
import type { ContractRecord } from './schemas/records.js'

export type {
  BatchOutcome,
  BatchProgress,
  CallOptions,
  ChangeOptions,
  Instruments,
  PositionModes,
} from '@tradeline/core'

/** What the client knows beyond its transport. */
export type ClientConfig = OrderClientConfig & {
  /** Instruments for the tick, lot and minimum checks; `false`: none. @default loaded from the contracts */
  readonly instruments?: Instruments | false | undefined
  /** Position mode for the `tradeSide`/`reduceOnly` checks; `false`: none. @default read from the account */
  readonly positionMode?: PositionModes | false | undefined
  /** Pairs an elite trader's key may trade, checked before sending. @default none (not checked) */
  readonly eliteTraderPairs?: readonly string[] | undefined
}

/** A contract as loaded: the rules' attributes, the exchange's status and record. */
export type LoadedContract = {
  readonly instrument: Instrument
  readonly status: string | null
  readonly record: ContractRecord
}

/** The contracts a client loads, by product type. */
export type Contracts = LoadCache<Map<string, LoadedContract>>

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig> & {
  /** The contracts loaded from the exchange. @default none (nothing is loaded) */
  readonly contracts?: Contracts | undefined
  /** The position modes read from the account. @default none (nothing is loaded) */
  readonly accountModes?: AccountModes | undefined
}

/** The classic position mode of each product type, as the account reads it (`posMode`). */
export type AccountModes = {
  /**
   * The mode of a product type: the cached one while fresh, else read from
   * GET /api/v2/mix/account/account with a symbol and margin coin of the product type (the
   * endpoint needs both); `undefined` when they are missing or the read fails.
   */
  get(
    productType: string,
    account: { symbol?: unknown; marginCoin?: unknown },
  ): Promise<PositionMode.Mode | undefined>
  /** The cached mode of a product type while fresh, without reading; `undefined` when none. */
  peek(productType: string): PositionMode.Mode | undefined
  /** Puts a mode the client learnt (set-position-mode, an account read) in the cache. */
  set(productType: string, mode: PositionMode.Mode): void
  /**
   * Whether the mode at hand of a product type was read (or learnt by this client) less than
   * `ms` ago on the client's clock: then reading it again on a refusal would only read the same.
   */
  readWithin(productType: string, ms: number): boolean
  /** Forgets one product type's mode, or every one. */
  clear(productType?: string | undefined): void
}

/** Options of a batch helper. */
export type BatchOptions = ChangeOptions & {
  /** Called after each batch. @default undefined */
  onProgress?: ((progress: BatchProgress) => void) | undefined
}
