/**
 * Fault injection per path for the next N calls: an unknown-outcome code before or after the
 * operation, a delay, a dropped connection, an HTTP 500, a malformed body or an HTTP 429.
 */
import { refuse } from './adminInput.js'

/**
 * Fault kinds: `code-before` answers the code and applies nothing; `code-after` applies the
 * operation, then answers the code; `delay` waits `delayMs` and then handles the call
 * normally (the operation happens late, after the client has likely timed out); `drop`
 * destroys the socket without answering; `http500` answers HTTP 500; `malformed` answers a
 * non-JSON body with HTTP 200; `http429` answers HTTP 429 with the exchange's rate-limit
 * envelope (code `429`, `Too Many Requests`) and, given `retryAfterMs`, a `Retry-After` header in
 * whole seconds; it never applies the operation (a refused call never reaches it); `echo`
 * answers, applying nothing, with the request's credentials echoed back (as a logging proxy or a
 * careless upstream does), to test redaction.
 */
export const faultKinds = [
  'code-before',
  'code-after',
  'delay',
  'drop',
  'http500',
  'malformed',
  'http429',
  'echo',
] as const
/** One of {@link faultKinds}. */
export type FaultKind = (typeof faultKinds)[number]

/** The unknown-outcome codes a code fault can answer. */
export const faultCodes = ['40010', '40725', '45001'] as const
/** One of {@link faultCodes}. */
export type FaultCode = (typeof faultCodes)[number]

/** The messages of the fault codes (docs/exchange-conventions.md, "Errors"). */
export const faultMessages: Readonly<Record<FaultCode, string>> = {
  '40010': 'Request timed out',
  '40725': 'service return an error',
  '45001': 'Unknown error',
}

/** A fault to inject. */
export type Fault = {
  /** The request path it applies to, e.g. `/api/v3/trade/place-order`. */
  readonly path: string
  readonly kind: FaultKind
  /** Only for this method; any method when absent. */
  readonly method?: 'GET' | 'POST' | undefined
  /** For `code-before` and `code-after`. @default '40725' */
  readonly code?: FaultCode | undefined
  /** For `delay`. @default 5000 */
  readonly delayMs?: number | undefined
  /** For `drop`, `http500` and `malformed`: apply the operation before failing. @default false */
  readonly applied?: boolean | undefined
  /** How many of the next calls it hits. @default 1 */
  readonly times?: number | undefined
  /** For `http429`: the wait to announce in `Retry-After` (rounded up to seconds); none when absent. */
  readonly retryAfterMs?: number | undefined
  /**
   * For `echo`: how the request is echoed. `envelope`: a JSON envelope whose `msg` quotes the
   * request headers, body and the key's secret and passphrase (raw, base64 and percent-encoded);
   * `page`: the same as an HTML page, not JSON. @default { as: 'envelope', status: 400, code: '40009' }
   */
  readonly echo?:
    | {
        as?: 'envelope' | 'page' | undefined
        status?: number | undefined
        code?: string | undefined
      }
    | undefined
}

/** A fault as stored: `remaining` counts down to 0, then it is removed. */
export type ActiveFault = {
  readonly path: string
  readonly kind: FaultKind
  readonly method?: 'GET' | 'POST' | undefined
  readonly code: FaultCode
  readonly delayMs: number
  readonly applied: boolean
  readonly times: number
  /** For `http429`: the announced wait, when given. */
  readonly retryAfterMs?: number | undefined
  /** For `echo`: how the request is echoed. */
  readonly echo?: { as: 'envelope' | 'page'; status: number; code: string } | undefined
  remaining: number
}

/** Faults waiting for their calls. */
export type FaultStore = {
  /** Adds a fault; throws on an unknown kind or code. */
  inject(fault: Fault): ActiveFault
  /** Takes the first fault for this call, counting it down. */
  take(method: string, path: string): ActiveFault | undefined
  /** Faults still waiting. */
  list(): ActiveFault[]
  /** Removes every fault (of one path when given). */
  clear(path?: string | undefined): void
}

/**
 * Creates an empty fault store.
 *
 * @example
 * import { createFaultStore } from '@tradeline/sandbox'
 * const faults = createFaultStore()
 * faults.inject({ path: '/api/v3/public/time', kind: 'http500' })
 * faults.take('GET', '/api/v3/public/time')?.kind // 'http500'
 */
export function createFaultStore(): FaultStore {
  let faults: ActiveFault[] = []
  return {
    inject(fault) {
      if (!(faultKinds as readonly string[]).includes(fault.kind))
        throw refuse(new TypeError(`Unknown fault kind ${JSON.stringify(fault.kind)}`))
      const code = fault.code ?? '40725'
      if (!isFaultCode(code))
        throw refuse(new TypeError(`Unknown fault code ${JSON.stringify(code)}`))
      const times = fault.times ?? 1
      if (!Number.isInteger(times) || times < 1)
        throw refuse(new TypeError('times must be an integer >= 1'))
      const { retryAfterMs } = fault
      if (retryAfterMs !== undefined && !(Number.isFinite(retryAfterMs) && retryAfterMs >= 0))
        throw refuse(new TypeError('retryAfterMs must be a number >= 0'))
      const active: ActiveFault = {
        path: fault.path,
        kind: fault.kind,
        code,
        delayMs: fault.delayMs ?? 5000,
        applied: fault.applied ?? false,
        times,
        remaining: times,
        ...(fault.method ? { method: fault.method } : {}),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
        ...(fault.kind === 'echo' && {
          echo: {
            as: fault.echo?.as ?? 'envelope',
            status: fault.echo?.status ?? 400,
            code: fault.echo?.code ?? '40009',
          },
        }),
      }
      faults.push(active)
      return active
    },
    take(method, path) {
      const fault = faults.find(
        (f) => f.path === path && (f.method === undefined || f.method === method.toUpperCase()),
      )
      if (!fault) return undefined
      fault.remaining -= 1
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault)
      return fault
    },
    list: () => faults.map((f) => ({ ...f })),
    clear(path) {
      faults = path === undefined ? [] : faults.filter((f) => f.path !== path)
    },
  }
}

function isFaultCode(code: string): code is FaultCode {
  return (faultCodes as readonly string[]).includes(code)
}
