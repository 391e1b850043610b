/** The path of one client call: validate, send through core, check the response. */
import { type Query, ResponseError, type Transport } from '@tradeline/core'
import { Endpoint } from '@tradeline/rules'
import * as v from 'valibot'

/** What every action needs of a client. */
export type ClientBase = {
  /** The transport that signs and sends. */
  readonly transport: Transport
}

/** Options every action takes. */
export type CallOptions = {
  /** Aborts this call. @default undefined */
  signal?: AbortSignal | undefined
}

/**
 * Validates `input` with the endpoint's rules (throwing a `ValidationError` that lists every
 * issue before anything is sent), sends it, and checks the response data with `response`.
 */
export async function call<schema extends v.GenericSchema>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context: unknown,
  response: schema,
  options: CallOptions = {},
): Promise<v.InferOutput<schema>> {
  const request = (Endpoint.assert as (e: unknown, i: unknown, c: unknown) => unknown)(
    endpoint,
    input,
    context,
  )
  const data = await client.transport.request({
    endpoint,
    ...(endpoint.method === 'GET' ? { query: request as Query } : { body: request }),
    signal: options.signal,
  })
  return parse(endpoint, response, data)
}

/** Checks response data against the package's schema; a mismatch is a `ResponseError`. */
export function parse<schema extends v.GenericSchema>(
  endpoint: Endpoint.Endpoint<any, any>,
  schema: schema,
  data: unknown,
): v.InferOutput<schema> {
  const result = v.safeParse(schema, data)
  if (result.success) return result.output
  const issue = result.issues[0]
  const where = issue.path?.map((item) => String(item.key)).join('.') || 'data'
  throw new ResponseError({
    endpoint: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    status: 200,
    problem: `${where}: ${issue.message}`,
  })
}
