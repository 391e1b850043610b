/**
 * The response envelope of every answer, errors and unknown paths included:
 * `{ code, msg, requestTime, data }`.
 */
import { textResponse } from './textResponse.js'

/** The envelope of every answer. */
export type Envelope<data = unknown> = {
  /** `00000` on success. */
  readonly code: string
  /** `success` on success. */
  readonly msg: string
  /** Server time (sandbox clock), Unix milliseconds. */
  readonly requestTime: number
  /** The payload; `null` on errors. */
  readonly data: data
}

/** A failure answered in the envelope, with its HTTP status. */
export type Failure = {
  readonly code: string
  readonly msg: string
  /** @default 400 */
  readonly status?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * The answer to an unknown path: HTTP 404, code `40404`.
 *
 * @example
 * import { notFound } from '@tradeline/sandbox'
 * notFound.msg // 'Request URL NOT FOUND'
 */
export const notFound: Failure = { code: '40404', msg: 'Request URL NOT FOUND', status: 404 }

/**
 * A success envelope.
 *
 * @example
 * import { success } from '@tradeline/sandbox'
 * success({ serverTime: '1' }, 1) // { code: '00000', msg: 'success', requestTime: 1, data: { serverTime: '1' } }
 */
export function success<data>(data: data, requestTime: number): Envelope<data> {
  return { code: '00000', msg: 'success', requestTime, data }
}

/**
 * A failure envelope (`data` is null).
 *
 * @example
 * import { failure } from '@tradeline/sandbox'
 * failure({ code: '40009', msg: 'sign signature error' }, 1).data // null
 */
export function failure(error: Failure, requestTime: number): Envelope<null> {
  return { code: error.code, msg: error.msg, requestTime, data: null }
}

/** An envelope as a JSON `Response`. */
export function respond(
  envelope: Envelope,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return textResponse(JSON.stringify(envelope), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/** A failure as a JSON `Response` with its status (400 by default). */
export function respondFailure(error: Failure, requestTime: number): Response {
  return respond(failure(error, requestTime), error.status ?? 400, { ...error.headers })
}
