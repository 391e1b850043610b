/**
 * What the sandbox answers when it fails itself (a bug, not a caller's mistake): HTTP 500 with
 * a code that does not mean "outcome unknown", counted and reported so a test can assert that
 * none happened. `45001` stays the injected faults' code: a client reads it as "the order may
 * have been placed, query by clientOid", which would send it looking for an order a sandbox bug
 * never placed.
 */
import type { Failure } from './envelope.js'

/**
 * The answer to an internal error: HTTP 500 with the exchange's own code for a fault of its
 * system, `40015` `System is abnormal, please try again later` (ccxt maps it to a plain exchange
 * error, not to a timeout or an unknown outcome). The HTTP status still tells a client that the
 * server failed while handling the call.
 *
 * @example
 * import { internalError } from '@tradeline/sandbox'
 * internalError.code // '40015'
 */
export const internalError: Failure = {
  code: '40015',
  msg: 'System is abnormal, please try again later',
  status: 500,
}

/** One internal error, as counted. */
export type InternalError = {
  readonly method: string
  readonly path: string
  /** The error's name (`TypeError`), never its message: a message may quote a request. */
  readonly name: string
}

/** The sandbox's own failures since it started. */
export type InternalErrors = {
  /** How many requests ended in an internal error. */
  readonly count: number
  /** The last 100 of them, oldest first. */
  readonly recent: readonly InternalError[]
}

/**
 * A counter of internal errors that reports each to `report`.
 *
 * @example
 * import { createInternalErrors } from '@tradeline/sandbox'
 * const errors = createInternalErrors(() => {})
 * errors.record(new TypeError('x'), { method: 'GET', path: '/' })
 * errors.count // 1
 */
export function createInternalErrors(
  report: (error: unknown, request: { method: string; path: string }) => void,
): InternalErrors & { record(error: unknown, request: { method: string; path: string }): void } {
  const recent: InternalError[] = []
  let count = 0
  return {
    get count() {
      return count
    },
    recent,
    record(error, request) {
      count += 1
      recent.push({ ...request, name: error instanceof Error ? error.name : typeof error })
      if (recent.length > 100) recent.shift()
      report(error, request)
    },
  }
}

/**
 * The default report: the method, path and the error's stack on stderr (the stack names code
 * lines; the request's headers and body are never printed).
 */
export function logInternalError(error: unknown, request: { method: string; path: string }): void {
  console.error(
    `tradeline-sandbox: internal error on ${request.method} ${request.path}:`,
    // The name and the stack's frames, not the message: a message may quote what was sent.
    error instanceof Error
      ? [
          error.name,
          ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
        ].join('\n')
      : typeof error,
  )
}
