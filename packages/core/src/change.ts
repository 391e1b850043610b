/**
 * The safe-change engine: the one protocol by which every single-order action of every client
 * changes an order (place, reverse, modify, cancel, strategy orders). An action describes its
 * change (the request, how to find the order, how to judge what a lookup shows for this call's
 * intent, what a refusal means); the engine sends it, reads a refusal or an unknown outcome by
 * looking the order up, and reports the exchange's truth:
 *
 * - answered: the acknowledgement (`acknowledged`);
 * - refused: the refusal, unless this call is the retry of an unknown outcome (its parameters
 *   are an error's `retryWith`) and a lookup shows that its first attempt applied after all;
 *   while that first attempt may still reach the exchange (its signature is valid for
 *   `clockTolerance` after it was made), "not applied yet" is looked at again and, when it
 *   stays so, the outcome is unknown (`retryWith` keeping the first attempt's time): the retry's
 *   refusal says nothing of the first attempt, which may apply after it;
 * - unknown (`40010`, `40725`, `45001`, a timeout, a lost connection, an unreadable answer):
 *   looked up with backoff until the judge settles it (`done`, or proven `not-applied` for
 *   good), else `OrderOutcomeUnknownError` with the call to send again safely (`retryWith`).
 *
 * A lookup that fails is never taken as "not applied": it is retried, and when every lookup
 * failed the outcome stays unknown. Nothing is ever sent twice by the engine.
 */
import type { Endpoint } from '@tradeline/rules/shared'
import { BaseError } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import { checkedData, requestParameters } from './calls.js'
import type { Transport } from './createTransport.js'
import { ApiError, RateLimitedError, UnknownOutcomeError } from './Errors.js'
import {
  modificationPendingCodes,
  OrderOutcomeUnknownError,
  type ReconcileSettings,
  refusalAsUnknown,
  retrySince,
  settle,
  type Verdict,
} from './reconcile.js'

/**
 * What a refusal of the exchange means for a change:
 * - `stands`: the exchange refused this call; nothing of it applied (reported as the refusal);
 * - `check`: an earlier attempt of this call may have applied (the retry met its own first
 *   attempt): the order is looked up, `judgeRefusal` (else `judge`) decides; a `done` verdict
 *   is the result, anything else lets the refusal stand; when every lookup fails the outcome is
 *   unknown;
 * - `unknown`: the refusal leaves the outcome unknown (a modification refused while one awaits
 *   its result may be this call's own first attempt): reconciled as an unknown outcome.
 */
export type RefusalMeaning = 'stands' | 'check' | 'unknown'

/** A change described for the engine. */
export type Change<ack, value, record> = {
  /** The endpoint whose checked request is sent. */
  readonly endpoint: Endpoint.Endpoint<any, any>
  /** The checked request. */
  readonly request: unknown
  /** The schema of the acknowledgement. */
  readonly response: v.GenericSchema<unknown, ack>
  /** Sends the transport's broker code. @default false */
  readonly channelApiCode?: boolean | undefined
  /** The symbol the call acts on, for the rate limiter. @default undefined */
  readonly symbol?: string | undefined
  /** The call to send again safely after an unknown outcome (marked as a retry by `OrderOutcomeUnknownError`). */
  readonly retryWith: Readonly<Record<string, unknown>>
  /**
   * Whether this call is the retry of an unknown outcome (`isRetry` of its parameters): when no
   * lookup after a refusal answers, a retry's outcome is unknown (its first attempt may have
   * applied), a first attempt's refusal stands. @default false
   */
  readonly retry?: boolean | undefined
  /**
   * When this call's first attempt was made, in Unix milliseconds on the transport's clock (a
   * retry's from its mark, `retrySince`): kept in the mark of the `retryWith` it may end with.
   * @default undefined
   */
  readonly since?: number | undefined
  /**
   * The transport clock's offset with which `since` was read (a retry's from beside its mark,
   * `retryOffset`): kept beside the mark of the `retryWith` it may end with, so that a clock
   * synchronised later moves that time by its change of offset. `undefined`: not known.
   * @default undefined
   */
  readonly sinceOffset?: number | undefined
  /** The `clientOid` of the order, when known (named by the unknown-outcome error). */
  readonly clientOid?: string | undefined
  /** The result of an acknowledged change (may look the order up, e.g. a null `orderId`). */
  acknowledged(ack: ack, signal: AbortSignal | undefined): value | Promise<value>
  /**
   * One lookup of what the change concerns: the record, `undefined` when the exchange says it
   * does not exist; throws when the lookup itself fails (never taken as "not applied").
   * `undefined` when the change cannot be looked up: an unknown outcome is then reported as it
   * came (`UnknownOutcomeError`, no `retryWith`: without a lookup no retry is known to be safe).
   */
  readonly lookup: ((signal: AbortSignal | undefined) => Promise<record | undefined>) | undefined
  /**
   * What a lookup after an unknown outcome shows of this call's intent: `done` only when the
   * record is this call's (same ids, the fields it sent, a state it could have produced); a
   * final `not-applied` only when the change provably never applies; an `error` verdict ends the
   * call with that typed error (e.g. the order was replaced by another).
   */
  judge(found: record | undefined): ChangeVerdict<value>
  /**
   * What the engine awaits after each lookup that answered, before `judge` reads it: a placement
   * synchronises the transport's clock when the found order's creation time is too close to its
   * first attempt to tell whose order it is on the clock as it is (see core's placement reading).
   * Never throws. @default none
   */
  examine?(found: record | undefined): Promise<void> | undefined
  /** What a refusal means. @default () => 'stands' */
  refusal?(error: ApiError): RefusalMeaning
  /** The judge of a lookup after a refusal (`check`). @default judge */
  judgeRefusal?(found: record | undefined, error: ApiError): ChangeVerdict<value>
  /** The error of a change proven not applied. */
  notApplied(found: record | undefined, attempts: number, cause: BaseError): BaseError
  /**
   * A better error for a failure, e.g. a refusal the client can name with fresher data (thrown
   * in place of the failure); `undefined` keeps the failure. Not asked for a retry, whose
   * refusal may meet its first attempt. @default none
   */
  explain?(error: unknown): Promise<BaseError | undefined> | BaseError | undefined
}

/**
 * How far apart the transport's clock and the exchange's may be when a found order's creation
 * time is compared with a placement's first attempt: a signed request whose timestamp is further
 * from the exchange's time than its tolerance (30 s in the API's clones; not published) is
 * refused, so the two clocks of a call that was sent are closer than that; 60 s to spare.
 */
export const clockTolerance = 60_000

/**
 * What a refusal of a modification means, for a single modification and each item of a batch of
 * them alike: a refusal may meet this call's own first attempt only when it is the retry of an
 * unknown outcome (`retry`): a modification still awaiting its result (`modificationPendingCodes`,
 * 43021) may be that attempt (`unknown`: reconciled), any other refusal is checked against the
 * order (`check`); a first attempt's refusal stands.
 *
 * @example
 * import { modificationRefusal } from '@tradeline/core/internal'
 * modificationRefusal(true, { code: '43021' }) // 'unknown'
 */
export function modificationRefusal(
  retry: boolean,
  error: { readonly code: string },
): RefusalMeaning {
  if (!retry) return 'stands'
  return modificationPendingCodes.includes(error.code) ? 'unknown' : 'check'
}

/** A verdict of the engine's judge: core's `Verdict`, or a typed error that ends the call. */
export type ChangeVerdict<value> =
  | Verdict<value>
  | { readonly kind: 'error'; readonly error: BaseError }

/** How one change is run. */
export type RunChangeOptions = {
  /** Reconciliation of unknown outcomes; `undefined`: an unknown outcome is thrown as it is. */
  readonly reconcile: ReconcileSettings | undefined
  /** Aborts the call and its lookups. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Runs one change of an order (see the module): sends it and reports the exchange's truth.
 *
 * @example
 * import { runChange } from '@tradeline/core'
 * const ack = await runChange(transport, change, { reconcile: { attempts: 6, baseDelayMs: 250 } })
 */
export async function runChange<ack, value, record>(
  transport: Transport,
  change: Change<ack, value, record>,
  options: RunChangeOptions,
): Promise<value> {
  const { signal } = options
  // When this attempt began: the first attempt's time in the `retryWith` it may end with. A
  // clock synchronised during the call (its first sync, or after a 40008) moves the times read
  // before by its change of offset: the `retryWith` then carries the server's time.
  const offsetOf = () => transport.clock.offset ?? 0
  const offset = offsetOf()
  // The change's own start when it names one (a placement does), else now: one clock read fewer.
  const started = change.since ?? transport.clock.now()
  let ack: ack
  try {
    // sendRequest's two steps, without its async function around them (a promise and a turn).
    const { endpoint } = change
    const data = await transport.request(
      requestParameters(endpoint, change.request, {
        signal,
        channelApiCode: change.channelApiCode,
        symbol: change.symbol,
      }),
    )
    ack = checkedData(transport, endpoint, change.response, data) as ack
  } catch (caught) {
    // A retry's refusal may meet its first attempt, which may have applied: it is checked by the
    // lookup below, never explained away as a mistake of the request.
    const better = change.explain && !change.retry ? await change.explain(caught) : undefined
    if (better !== undefined) throw better
    // A retry's first attempt: its mark (every unknown outcome's `retryWith` carries the time of
    // the first attempt) or the time the change names.
    const first = change.retry ? (retrySince(change.retryWith) ?? change.since) : undefined
    const mayStillApply = () =>
      first !== undefined && transport.clock.now() - first < clockTolerance
    const moved = offsetOf() - offset
    const since = change.retry ? started : started + moved
    // The offset `since` is on now: a first attempt's is the clock's, a retry's its mark's.
    const sinceOffset = change.retry ? change.sinceOffset : offsetOf()
    return afterFailure({ ...change, since, sinceOffset }, caught, options, mayStillApply)
  }
  return change.acknowledged(ack, signal)
}

/**
 * The parts of a change that the engine reads after a failed send: a single change's, or one
 * item's of a batch (`runBatches` reads a refused item or a batch refused as a whole so).
 */
export type ChangeReading<value, record> = Pick<
  Change<unknown, value, record>,
  | 'retry'
  | 'since'
  | 'sinceOffset'
  | 'retryWith'
  | 'clientOid'
  | 'lookup'
  | 'judge'
  | 'examine'
  | 'refusal'
  | 'judgeRefusal'
  | 'notApplied'
>

/**
 * What a failed send of a change leads to (see the module): a refusal read by the change's
 * `refusal`, an unknown outcome reconciled by its lookup. Resolves with the value of a change
 * found applied; throws `caught` itself when the refusal stands, else the error the engine ends
 * with. `firstMayStillApply`: whether the first attempt of a retry may still reach the exchange.
 */
export async function afterFailure<value, record>(
  change: ChangeReading<value, record>,
  caught: unknown,
  options: RunChangeOptions,
  firstMayStillApply: () => boolean,
): Promise<value> {
  const { signal } = options
  const { lookup } = change
  let error: unknown = caught
  let judge = (found: record | undefined) => change.judge(found)
  if (ApiError.isInstance(caught) && !RateLimitedError.isInstance(caught)) {
    const meaning = change.refusal?.(caught) ?? 'stands'
    if (meaning === 'stands') throw caught
    const unknown = refusalAsUnknown(caught)
    if (meaning === 'check') {
      // A retry whose refusal nothing can look up: its first attempt may have applied.
      if (lookup === undefined) throw change.retry ? unknown : caught
      // The first lookup that answers decides: this call's change shown applied is the result, a
      // `pending` verdict (not visible yet) looks again, anything else lets the refusal stand.
      // When no lookup decides, a retry's outcome is unknown, a first attempt's refusal stands.
      const refused = change.judgeRefusal ?? judge
      // A retry's first attempt may still be on its way while its signature is valid: until
      // then "not applied yet" is not final (the refusal is this attempt's, not the first's).
      judge = (found) => {
        const verdict = refused(found, caught)
        if (verdict.kind === 'not-applied') {
          if (firstMayStillApply()) return { kind: 'pending' }
          throw caught
        }
        return verdict
      }
      const settings = options.reconcile ?? once
      if (!change.retry) return settleChange(change, judge, caught, settings, signal, () => caught)
      return settleChange(change, judge, unknown, settings, signal)
    }
    // `unknown`: a modification refused while one awaits its result (the first attempt).
    error = unknown
  }
  if (!UnknownOutcomeError.isInstance(error) || error.reason === 'aborted' || signal?.aborted)
    throw error === caught || !UnknownOutcomeError.isInstance(error) ? caught : error
  // Without reconciliation, or a way to look the order up, an unknown outcome is reported as an
  // `UnknownOutcomeError` (a 43021 refusal of a retry too): only a lookup can make a retry safe.
  if (options.reconcile === undefined || lookup === undefined) throw error
  return settleChange(change, judge, error, options.reconcile, signal)
}

/** One lookup, for a refusal checked without reconciliation settings. */
const once: ReconcileSettings = { attempts: 1, baseDelayMs: 0 }

/** Core's `settle` with the change's lookup: an `error` verdict ends the call with its error. */
function settleChange<value, record>(
  change: ChangeReading<value, record>,
  judge: (found: record | undefined) => ChangeVerdict<value>,
  error: BaseError,
  settings: ReconcileSettings,
  signal: AbortSignal | undefined,
  unresolved?: (attempts: number) => BaseError,
): Promise<value> {
  const lookup = change.lookup as NonNullable<typeof change.lookup>
  const { examine } = change
  return settle<value, record>({
    error,
    settings,
    signal,
    // What a lookup found is examined before it is judged (a placement may synchronise the clock).
    lookup: examine
      ? async (s) => {
          const found = await lookup(s)
          await examine(found)
          return found
        }
      : lookup,
    judge: (found) => {
      const verdict = judge(found)
      if (verdict.kind === 'error') throw verdict.error
      return verdict
    },
    notApplied: (found, attempts) => change.notApplied(found, attempts, error),
    unresolved:
      unresolved ??
      ((attempts) =>
        new OrderOutcomeUnknownError({
          error: error as UnknownOutcomeError,
          attempts,
          clientOid: change.clientOid,
          retryWith: change.retryWith,
          since: change.since,
          offset: change.sinceOffset,
        })),
  })
}

/**
 * An order this call meant to cancel (or change) was replaced by a modification (a classic
 * size or price change cancels the order and creates a successor under a new `clientOid`): the
 * order is cancelled, but not by this call, and its successor may still trade. `successor` names
 * it, so that the caller can cancel it.
 *
 * @example
 * import { OrderReplacedError } from '@tradeline/core'
 * const error = new OrderReplacedError({ endpoint: 'classic.cancelOrder', orderId: '1', successor: { orderId: '2', clientOid: 'n-1' } })
 * error.successor.orderId // '2'
 */
export class OrderReplacedError extends BaseError {
  static override readonly kind: string = 'OrderReplacedError'
  override name = 'OrderReplacedError'
  /** The endpoint of the call. */
  readonly endpoint: string
  /** The order the call named (now cancelled by its replacement). */
  readonly orderId: string | null
  /** The order that replaced it. */
  readonly successor: {
    readonly orderId: string | null
    readonly clientOid: string | null
    readonly status?: string | null | undefined
  }

  constructor(parameters: {
    endpoint: string
    orderId: string | null
    successor: OrderReplacedError['successor']
    cause?: unknown
  }) {
    const { successor } = parameters
    super(
      `The order ${parameters.orderId ?? ''} was replaced by order ${successor.orderId ?? successor.clientOid ?? ''} before ${parameters.endpoint} could apply.`,
      {
        metaMessages: [
          `A modification cancelled it and created ${successor.orderId ?? 'a new order'} (clientOid ${successor.clientOid ?? 'unknown'}, status ${successor.status ?? 'unknown'}).`,
          'Nothing of this call applied to the successor: act on it by its own ids if needed.',
        ],
        cause: parameters.cause,
      },
    )
    this.endpoint = parameters.endpoint
    this.orderId = parameters.orderId
    this.successor = successor
  }
}

/**
 * The order closed (filled or cancelled) showing neither this change nor proof that it never
 * applied: another change may have applied after this one, and the order can no longer change.
 * The outcome cannot be learned from the order's state, and there is nothing to send again.
 *
 * @example
 * import { OrderClosedOutcomeUnknownError } from '@tradeline/core'
 * new OrderClosedOutcomeUnknownError({ endpoint: 'unified.modifyOrder', method: 'POST', path: '/api/v3/trade/modify-order', status: 'filled' }).orderStatus // 'filled'
 */
export class OrderClosedOutcomeUnknownError extends UnknownOutcomeError {
  static override readonly kind: string = 'OrderClosedOutcomeUnknownError'
  override name = 'OrderClosedOutcomeUnknownError'
  /** The order's final status. */
  readonly orderStatus: string | null

  constructor(parameters: {
    endpoint: string
    method: 'GET' | 'POST'
    path: string
    status: string | null | undefined
    cause?: unknown
  }) {
    super({
      reason: 'code',
      endpoint: parameters.endpoint,
      method: parameters.method,
      path: parameters.path,
      cause: parameters.cause,
      advice: [
        `The order is ${parameters.status ?? 'closed'} and shows other values than this change: another change may have applied after it.`,
        'The order can no longer change; nothing is to be sent again.',
      ],
    })
    this.orderStatus = parameters.status ?? null
  }
}
