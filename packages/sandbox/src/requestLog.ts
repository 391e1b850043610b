/**
 * The request log of a running sandbox (`startSandbox({ onRequest })`, the CLI's `--log`): one
 * entry per HTTP request answered, with its time, method, path, status, the envelope's code and
 * how long it took. Neither a header nor the query string nor a body is part of an entry, so no key,
 * signature or passphrase can reach a log.
 */

/** One request the sandbox answered. */
export type RequestLogEntry = {
  /** When the request arrived, on the sandbox's clock (ms since the epoch). */
  readonly time: number
  readonly method: string
  /** The path without the query. */
  readonly path: string
  /** The HTTP status of the answer. */
  readonly status: number
  /** The `code` of the answer's `{ code, msg, data }` envelope, or `undefined` when it has none. */
  readonly code: string | undefined
  /** Time from the request's arrival to its answer, whole milliseconds. */
  readonly ms: number
}

type Fetch<Env> = (request: Request, env: Env) => Response | Promise<Response>

/**
 * `fetch` of the app, calling `onRequest` with each request's entry once it is answered.
 *
 * @example
 * import { createSandboxApp, formatRequestLog, withRequestLog } from '@tradeline/sandbox'
 * const { app } = createSandboxApp()
 * const fetch = withRequestLog(app.fetch, (entry) => console.log(formatRequestLog(entry)), Date.now)
 */
export function withRequestLog<Env>(
  fetch: Fetch<Env>,
  onRequest: (entry: RequestLogEntry) => void,
  now: () => number,
): Fetch<Env> {
  return async (request, env) => {
    const time = now()
    const started = performance.now()
    const response = await fetch(request, env)
    const code = await envelopeCode(response)
    onRequest({
      time,
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      code,
      ms: Math.round(performance.now() - started),
    })
    return response
  }
}

/**
 * One line of the log: ISO time, method, path, status, envelope code (`-` when none), ms.
 *
 * @example
 * import { formatRequestLog } from '@tradeline/sandbox'
 * formatRequestLog({ time: 0, method: 'GET', path: '/api/v3/public/time', status: 200, code: '00000', ms: 1 })
 * // '1970-01-01T00:00:00.000Z GET /api/v3/public/time 200 00000 1 ms'
 */
export function formatRequestLog(entry: RequestLogEntry): string {
  const { time, method, path, status, code, ms } = entry
  return `${new Date(time).toISOString()} ${method} ${path} ${status} ${code ?? '-'} ${ms} ms`
}

/** The `code` of a JSON envelope answer, read from a copy so the answer is sent untouched. */
async function envelopeCode(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.includes('json')) return undefined
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null
    const code = body?.code
    return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined
  } catch {
    return undefined
  }
}
