/**
 * Reconciliation of unknown outcomes, shared by every client (docs/architecture.md, "Unknown outcomes"):
 * after `40010`, `40725`, `45001`, a timeout or a lost connection, the order is looked up (by
 * `clientOid`) with backoff until the lookups show what happened. Nothing is ever sent again;
 * "not applied" is claimed only when a lookup proves it (a final verdict), otherwise the outcome
 * stays unknown and the caller gets the call to send again safely (the same `clientOid`).
 */
import { BaseError, Options } from '@tradeline/rules/shared'
import { ApiError, UnknownOutcomeError } from './Errors.js'

/**
 * The mark of a call's parameters that are the retry of an unknown outcome: every `retryWith`
 * the clients build carries it (an own non-enumerable symbol key: invisible to JSON, `inspect` and
 * deep equality, and not kept by a spread copy: send the `retryWith` object itself). Registered
 * with `Symbol.for`, so two copies of core agree.
 */
export const retryMark: unique symbol = Symbol.for('tradeline.retryWith') as never

/**
 * The parameters to send again after an unknown outcome: a copy of `parameters` (an object, or
 * a list: the items of a single batch) marked as a retry, so that the next call knows a refusal
 * may meet its own first attempt.
 *
 * @example
 * import { isRetry, retryOf } from '@tradeline/core'
 * isRetry(retryOf({ clientOid: 'a' })) // true
 */
export function retryOf<parameters extends object>(
  parameters: parameters,
  since?: number | undefined,
  offset?: number | undefined,
): Readonly<parameters & Record<string, unknown>> {
  // A call whose parameters are a list (a unified single batch) stays a list.
  const copy = Array.isArray(parameters) ? [...parameters] : { ...parameters }
  // The mark holds when the first attempt was made (a retry of a retry keeps the first), and
  // beside it the clock's offset that time was read with (kept with it).
  const first = retrySince(parameters)
  const value = first ?? since ?? true
  Object.defineProperty(copy, retryMark, { value, enumerable: false })
  const at =
    first === undefined ? (since === undefined ? undefined : offset) : retryOffset(parameters)
  if (typeof at === 'number' && Number.isFinite(at))
    Object.defineProperty(copy, retryOffsetMark, { value: at, enumerable: false })
  return copy as never
}

/**
 * Beside a retry's mark: the transport clock's offset (`SyncedClock.offset`) with which the time
 * of its first attempt was read. A clock synchronised since (its first sync, or after a 40008)
 * moves that time by its change of offset, so that it is compared on the exchange's clock (see
 * core's placement reading). Registered with `Symbol.for`, as the mark.
 */
export const retryOffsetMark: unique symbol = Symbol.for('tradeline.retryWith.offset') as never

/**
 * The transport clock's offset with which a retry's first attempt (`retrySince`) was read, when
 * its `retryWith` says (a mark of this version of core); `undefined` otherwise.
 *
 * @example
 * import { retryOf } from '@tradeline/core'
 * import { retryOffset } from '@tradeline/core/internal'
 * retryOffset(retryOf({ clientOid: 'a' }, 1700000000000, -250)) // -250
 */
export function retryOffset(parameters: unknown): number | undefined {
  const offset =
    typeof parameters === 'object' && parameters !== null
      ? (parameters as { [retryOffsetMark]?: unknown })[retryOffsetMark]
      : undefined
  return typeof offset === 'number' ? offset : undefined
}

/**
 * Whether a call's parameters are the retry of an unknown outcome (an error's `retryWith`).
 *
 * @example
 * import { isRetry } from '@tradeline/core'
 * isRetry({ clientOid: 'a' }) // false
 */
export function isRetry(parameters: unknown): boolean {
  const mark = markOf(parameters)
  return mark === true || typeof mark === 'number'
}

/**
 * When the first attempt of a retried call was made (Unix milliseconds on the transport's
 * clock), when its `retryWith` says; `undefined` for a first attempt.
 *
 * @example
 * import { retryOf, retrySince } from '@tradeline/core'
 * retrySince(retryOf({ clientOid: 'a' }, 1700000000000)) // 1700000000000
 */
export function retrySince(parameters: unknown): number | undefined {
  const mark = markOf(parameters)
  return typeof mark === 'number' ? mark : undefined
}

function markOf(parameters: unknown): unknown {
  return typeof parameters === 'object' && parameters !== null
    ? (parameters as { [retryMark]?: unknown })[retryMark]
    : undefined
}

/** How an unknown outcome is reconciled. */
export type ReconcileOptions = {
  /** Lookups of the order before giving up. @default 6 */
  attempts?: number | undefined
  /** Wait between the first lookup (made at once) and the second, doubled before each next one, in milliseconds. @default 250 */
  baseDelayMs?: number | undefined
}

/** Reconciliation settings with every default filled in. */
export type ReconcileSettings = { readonly attempts: number; readonly baseDelayMs: number }

/** The default reconciliation: 6 lookups, the first at once, then 250, 500, 1000, 2000 and 4000 ms apart. */
export const defaultReconcile: ReconcileSettings = { attempts: 6, baseDelayMs: 250 }

/** How a lookup is judged: settled with a value, not applied (for now, or for good), or pending. */
export type Verdict<value> =
  | { readonly kind: 'done'; readonly value: value }
  | { readonly kind: 'not-applied'; readonly final: boolean }
  | { readonly kind: 'pending' }

/**
 * The reconciliation settings of a call: the call's own, else the client's, else the default;
 * `undefined` when reconciliation is off. A call's own settings outside the rules
 * (`Options.reconcile`: 1 to 100 attempts, a whole `baseDelayMs` from 0 to 2147483647) throw a
 * `ValidationError` of `endpoint` naming `reconcile.attempts` or `reconcile.baseDelayMs`; the
 * client's were checked when it was created.
 *
 * @example
 * import { reconcileSettings } from '@tradeline/core'
 * reconcileSettings(undefined, { attempts: 3 }) // { attempts: 3, baseDelayMs: 250 }
 */
export function reconcileSettings(
  own: ReconcileOptions | boolean | undefined,
  client: ReconcileOptions | false | undefined,
  endpoint = 'reconcileSettings',
): ReconcileSettings | undefined {
  if (own != null && typeof own !== 'boolean')
    Options.assert(endpoint, Options.changeCall, { reconcile: own })
  const chosen = own ?? client ?? true
  if (chosen === false) return undefined
  const given = chosen === true ? {} : chosen
  return {
    attempts: given.attempts ?? defaultReconcile.attempts,
    baseDelayMs: given.baseDelayMs ?? defaultReconcile.baseDelayMs,
  }
}

/**
 * Whether an error leaves the outcome unknown and reconciliation may settle it (an aborted call
 * is not reconciled).
 *
 * @example
 * import { isReconcilable } from '@tradeline/core'
 * isReconcilable(new Error('x'), undefined) // false
 */
export function isReconcilable(
  error: unknown,
  signal: AbortSignal | undefined,
): error is UnknownOutcomeError {
  return UnknownOutcomeError.isInstance(error) && error.reason !== 'aborted' && !signal?.aborted
}

/**
 * Codes with which a modification is refused because an earlier modification of the order still
 * awaits its result (the unified modify-order page: "While a modification is awaiting its result,
 * another modification cannot be submitted"; the exchange documentation shows no code: `43021` is the sandbox's).
 *
 * @example
 * import { modificationPendingCodes } from '@tradeline/core'
 * modificationPendingCodes.includes('43021') // true
 */
export const modificationPendingCodes: readonly string[] = ['43021']

/**
 * A modification refused because one still awaits its result may be this call's own earlier
 * attempt (the retry of an unknown outcome): its outcome is unknown, and reconciliation settles
 * it. Returns that `UnknownOutcomeError` for such a refusal, else `error` itself.
 *
 * @example
 * import { pendingAsUnknown } from '@tradeline/core/internal'
 * pendingAsUnknown(new Error('x')) // the same Error
 */
export function pendingAsUnknown(error: unknown): unknown {
  if (!ApiError.isInstance(error) || !modificationPendingCodes.includes(error.code)) return error
  return refusalAsUnknown(error)
}

/**
 * A refusal of the exchange as an unknown outcome (its code and message kept, the refusal as its
 * cause): what a refusal leaves when it may meet an earlier attempt that nothing could look up.
 *
 * @example
 * import { ApiError } from '@tradeline/core'
 * import { refusalAsUnknown } from '@tradeline/core/internal'
 * refusalAsUnknown(new ApiError({ code: '43021', msg: 'in progress', status: 400, endpoint: 'unified.modifyOrder', method: 'POST', path: '/api/v3/trade/modify-order', retrySafe: false })).reason // 'code'
 */
export function refusalAsUnknown(error: ApiError): UnknownOutcomeError {
  return new UnknownOutcomeError({
    reason: 'code',
    endpoint: error.endpoint,
    method: error.method,
    path: error.path,
    code: error.code,
    msg: error.msg,
    status: error.status,
    cause: error,
  })
}

/**
 * Waits `ms`; resolves `false` at once (or when it happens) if `signal` aborts.
 *
 * @example
 * import { sleep } from '@tradeline/core/internal'
 * await sleep(10) // true
 */
export function sleep(ms: number, signal?: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false)
  if (ms <= 0) return Promise.resolve(true)
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      resolve(value)
    }
    const onAbort = () => done(false)
    const timer = setTimeout(() => done(true), ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Looks the order up with `lookup` until `judge` settles: returns the value of a `done` verdict,
 * throws what `notApplied` builds on a final `not-applied` verdict (the change provably never
 * applies), and otherwise what `unresolved` builds (else `error`): the outcome is still unknown
 * when the lookups showed the change not applied yet, every lookup failed, they stayed pending,
 * or `signal` aborted.
 *
 * @example
 * import { settle } from '@tradeline/core'
 * await settle({ error, settings, lookup: () => findByClientOid('my-1'), judge: (found) => found ? { kind: 'done', value: found } : { kind: 'not-applied', final: false }, notApplied: () => error })
 */
export async function settle<value, record>(
  parameters: settle.Parameters<value, record>,
): Promise<value> {
  const { error, settings, judge, signal, lookup } = parameters
  let last: Verdict<value> | undefined
  let lastLookup: record | undefined
  let attempt = 0
  for (; attempt < settings.attempts; attempt++) {
    if (attempt > 0) {
      // A timer runs a longer wait at once: each wait is at most its largest delay.
      const delay = Math.min(settings.baseDelayMs * 2 ** (attempt - 1), Options.maxTimerMs)
      const waited = await sleep(delay, signal)
      if (!waited) throw error
    }
    if (signal?.aborted) throw error
    try {
      lastLookup = await lookup(signal)
    } catch {
      last = undefined
      continue
    }
    last = judge(lastLookup)
    if (last.kind === 'done') return last.value
    if (last.kind === 'not-applied' && last.final) break
  }
  const attempts = Math.min(attempt + 1, settings.attempts)
  if (last?.kind === 'not-applied' && last.final) throw parameters.notApplied(lastLookup, attempts)
  throw parameters.unresolved?.(attempts) ?? error
}

export declare namespace settle {
  type Parameters<value, record> = {
    /** The error that left the outcome unknown. */
    error: BaseError
    settings: ReconcileSettings
    /** One lookup: the record, `undefined` when provably absent; throws when inconclusive. */
    lookup: (signal: AbortSignal | undefined) => Promise<record | undefined>
    judge: (lookup: record | undefined) => Verdict<value>
    /** The error of a change proven not applied (a final `not-applied` verdict). */
    notApplied: (lookup: record | undefined, attempts: number) => BaseError
    /** The error when the lookups settled nothing (the outcome stays unknown). @default `error` */
    unresolved?: ((attempts: number) => BaseError) | undefined
    signal?: AbortSignal | undefined
  }
}

/**
 * The outcome of a change stayed unknown through every reconciliation lookup: the order was not
 * found changed, but the exchange may still apply the call (a lookup cannot prove that a request
 * still on its way will never arrive). `retryWith` is the call to send again safely: the same
 * order with the same `clientOid` (the exchange refuses a second order with it, and the client
 * then returns the first), or the same modification or cancellation of the same order.
 *
 * `call` is the type of the call's parameters: an action's `ErrorType` names it (for
 * example `OrderOutcomeUnknownError<placeOrder.Parameters>`), so that narrowing the caught error
 * to that union types `retryWith` as the action's own parameters. The parameters of a single
 * batch of the unified account are a list, still a list in `retryWith`.
 *
 * @example
 * import { OrderOutcomeUnknownError } from '@tradeline/core'
 * import { type placeOrder } from '@tradeline/unified'
 * try {
 *   await client.orders.place(order)
 * } catch (caught) {
 *   const error = caught as placeOrder.ErrorType
 *   if (OrderOutcomeUnknownError.isInstance(error)) await client.orders.place(error.retryWith) // one order, never two
 * }
 */
export class OrderOutcomeUnknownError<
  call extends Readonly<Record<string, unknown>> = Readonly<Record<string, unknown>>,
> extends UnknownOutcomeError {
  static override readonly kind: string = 'OrderOutcomeUnknownError'
  override name = 'OrderOutcomeUnknownError'
  /** Lookups made. */
  readonly attempts: number
  /** The `clientOid` of the order, when known. */
  readonly clientOid: string | undefined
  /**
   * The parameters to send again: the same call, naming the same order (same `clientOid`),
   * marked as a retry (see `isRetry`): a refusal of it is checked against the first attempt.
   */
  readonly retryWith: call

  constructor(parameters: {
    error: UnknownOutcomeError
    attempts: number
    clientOid?: string | undefined
    retryWith: call
    /** When the first attempt was made (the transport's clock), kept in the retry's mark. */
    since?: number | undefined
    /** The transport clock's offset `since` was read with, kept beside the mark. */
    offset?: number | undefined
  }) {
    const { error } = parameters
    super({
      endpoint: error.endpoint,
      method: error.method,
      path: error.path,
      reason: error.reason,
      code: error.code,
      msg: error.msg,
      status: error.status,
      cause: error,
      advice: [
        `${parameters.attempts} lookups${parameters.clientOid ? ` by clientOid ${parameters.clientOid}` : ''} did not show the change; the exchange may still apply it.`,
        'Send it again only as `error.retryWith` (the same clientOid): the exchange then refuses a second order, and the client returns the first.',
      ],
    })
    this.attempts = parameters.attempts
    this.clientOid = parameters.clientOid
    this.retryWith = retryOf(
      parameters.retryWith as never,
      parameters.since,
      parameters.offset,
    ) as call
  }
}

/**
 * A placement whose outcome was unknown was proven not applied. Lookups alone never prove it (a
 * request may still arrive after them: that is {@link OrderOutcomeUnknownError}); a batch item
 * the exchange refused as a whole is one. Placing it again with the same `clientOid` is safe.
 *
 * @example
 * import { OrderNotPlacedError } from '@tradeline/core'
 * const error = new OrderNotPlacedError({ endpoint: 'unified.placeOrder', clientOid: 'my-1', attempts: 6 })
 * error.retrySafe // true
 */
export class OrderNotPlacedError extends BaseError {
  static override readonly kind: string = 'OrderNotPlacedError'
  override name = 'OrderNotPlacedError'
  /** The endpoint whose outcome was unknown. */
  readonly endpoint: string
  /** The `clientOid` that no order carries. */
  readonly clientOid: string
  /** Lookups made. */
  readonly attempts: number
  /** Placing again with the same `clientOid` is safe. */
  readonly retrySafe = true as const

  constructor(parameters: {
    endpoint: string
    clientOid: string
    attempts: number
    cause?: unknown
  }) {
    super(`The order ${parameters.clientOid} was not placed.`, {
      metaMessages: [
        `The outcome of ${parameters.endpoint} was unknown; ${parameters.attempts} lookups by clientOid found no order.`,
        'Nothing was sent again; place it again with the same clientOid if it is still wanted.',
      ],
      cause: parameters.cause,
    })
    this.endpoint = parameters.endpoint
    this.clientOid = parameters.clientOid
    this.attempts = parameters.attempts
  }
}

/**
 * A modification or cancellation whose outcome was unknown was proven not applied: the order is
 * filled, cancelled or does not exist, so the change can never apply. `order` is the order as
 * the last lookup showed it (the record of the client that made the call).
 *
 * @example
 * import { OrderNotChangedError } from '@tradeline/core'
 * const error = new OrderNotChangedError({ endpoint: 'unified.cancelOrder', order: undefined, attempts: 1 })
 * error.shortMessage // 'The order was not changed by unified.cancelOrder.'
 */
export class OrderNotChangedError<
  order extends { readonly orderId?: unknown } = Readonly<Record<string, unknown>>,
> extends BaseError {
  static override readonly kind: string = 'OrderNotChangedError'
  override name = 'OrderNotChangedError'
  /** The endpoint whose outcome was unknown. */
  readonly endpoint: string
  /** The order as the last lookup showed it; `undefined` when it does not exist. */
  readonly order: order | undefined
  /** Lookups made. */
  readonly attempts: number

  constructor(parameters: {
    endpoint: string
    order: order | undefined
    attempts: number
    /** The order's status as the lookup showed it. */
    status?: string | null | undefined
    cause?: unknown
  }) {
    const { order } = parameters
    const id = order?.orderId === undefined ? '' : ` ${String(order.orderId)}`
    super(`The order${id} was not changed by ${parameters.endpoint}.`, {
      metaMessages: [
        order
          ? `Its status is ${parameters.status ?? 'unknown'} after ${parameters.attempts} lookups.`
          : `The order does not exist (${parameters.attempts} lookups).`,
      ],
      cause: parameters.cause,
    })
    this.endpoint = parameters.endpoint
    this.order = order
    this.attempts = parameters.attempts
  }
}

/**
 * The exchange acknowledged an order with a null `orderId` (a reduce-only replacement: unified order rule 5, classic order rule 2)
 * and no order could be found by its `clientOid`.
 *
 * @example
 * import { OrderIdUnresolvedError } from '@tradeline/core'
 * new OrderIdUnresolvedError({ clientOid: 'my-1' }).clientOid // 'my-1'
 */
export class OrderIdUnresolvedError extends BaseError {
  static override readonly kind: string = 'OrderIdUnresolvedError'
  override name = 'OrderIdUnresolvedError'
  /** The `clientOid` of the acknowledged order. */
  readonly clientOid: string

  constructor(parameters: { clientOid: string; cause?: unknown }) {
    super(`The order ${parameters.clientOid} was acknowledged without an orderId and not found.`, {
      cause: parameters.cause,
    })
    this.clientOid = parameters.clientOid
  }
}
