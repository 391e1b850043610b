/** What every securities action needs of a client, and the steps of one call on core's parts. */
import { combineSignals, sendRequest, type Transport } from '@tradeline/core'
import { Endpoint } from '@tradeline/rules'
import type * as v from 'valibot'

/** What the client knows beyond its transport. */
export type ClientConfig = {
  /** Aborts every call of the client. */
  readonly signal?: AbortSignal | undefined
  /** The clock the execution iterator reads "now" from (Unix milliseconds). @default Date */
  readonly clock?: { now(): number } | undefined
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

/** Validates a request with the endpoint's rules; throws a `ValidationError` listing every issue. */
export function validate(endpoint: Endpoint.Endpoint<any, any>, input: unknown): unknown {
  return (Endpoint.assert as (e: unknown, i: unknown) => unknown)(endpoint, input)
}

/** Validates, sends and checks the response data (core's `sendRequest`). */
export async function call<schema extends v.GenericSchema>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  response: schema,
  options: CallOptions = {},
): Promise<v.InferOutput<schema>> {
  return sendRequest(client.transport, endpoint, validate(endpoint, input), response, {
    signal: combineSignals(client.config?.signal, options.signal),
  })
}

/** Leaves out the keys whose value is `undefined` (exactOptionalPropertyTypes). */
export function defined<value extends Record<string, unknown>>(value: value): value {
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = item
  return out as value
}
