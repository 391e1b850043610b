/** What every securities action needs of a client. */
import type {
  ClientBase as CoreClientBase,
  ClientConfig as CoreClientConfig,
} from '@tradeline/core'

export type { CallOptions } from '@tradeline/core'

/** What the client knows beyond its transport. */
export type ClientConfig = CoreClientConfig & {
  /** The clock the execution iterator reads "now" from (Unix milliseconds). @default Date */
  readonly clock?: { now(): number } | undefined
}

/** What every action needs of a client. */
export type ClientBase = CoreClientBase<ClientConfig>
