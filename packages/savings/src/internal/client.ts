/** What every savings action needs of a client, and the steps of one call on core's parts. */
import { callEndpoint, defined, type Transport } from '@tradeline/core'

/** What the client knows beyond its transport. */
export type ClientConfig = {
  /** Aborts every call of the client. */
  readonly signal?: AbortSignal | undefined
}

/** What every action needs of a client. */
export type ClientBase = {
  /** The transport that signs and sends. */
  readonly transport: Transport
  /** What the client knows beyond its transport. @default {} */
  readonly config?: ClientConfig | undefined
}

/** Options every action takes. */
export type CallOptions = {
  /** Aborts this call. @default undefined */
  signal?: AbortSignal | undefined
}

/** Validates, sends and checks the response data: core's `callEndpoint`. */
export const call = callEndpoint

export { defined }
