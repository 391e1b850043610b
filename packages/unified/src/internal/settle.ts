/** The reconciliation loop shared by the order-changing actions (see `../reconcile.ts`). */
import { type BaseError, UnknownOutcomeError } from '@tradeline/core'
import { defaultReconcile, lookUpOrder } from '../reconcile.js'
import type { OrderRecord } from '../schemas/order.js'
import type { ClientBase, ReconcileOptions } from './call.js'
import { sleep } from './sleep.js'

/** Reconciliation settings with every default filled in. */
export type ReconcileSettings = { readonly attempts: number; readonly baseDelayMs: number }

/** What a lookup shows: the order's record, or `undefined` when the exchange says it does not exist. */
export type Lookup = OrderRecord | undefined

/** How a lookup is judged: settled with a value, not applied (for now, or for good), or pending. */
export type Verdict<value> =
  | { readonly kind: 'done'; readonly value: value }
  | { readonly kind: 'not-applied'; readonly final: boolean }
  | { readonly kind: 'pending' }

/**
 * The reconciliation settings of a call: the call's own, else the client's, else the default;
 * `undefined` when reconciliation is off.
 */
export function settingsOf(
  client: ClientBase,
  own: ReconcileOptions | boolean | undefined,
): ReconcileSettings | undefined {
  const chosen = own ?? client.config?.reconcile ?? true
  if (chosen === false) return undefined
  const given = chosen === true ? {} : chosen
  return {
    attempts: given.attempts ?? defaultReconcile.attempts,
    baseDelayMs: given.baseDelayMs ?? defaultReconcile.baseDelayMs,
  }
}

/**
 * Looks the order up (with order-info by `query`, or with `lookup`) until `judge` settles: returns
 * the value of a `done` verdict, throws what `notApplied` builds on a final `not-applied` verdict
 * (the change provably never applies), and otherwise what `unresolved` builds (else `error`): the
 * outcome is still unknown when the lookups showed the change not applied yet, every lookup
 * failed, they stayed pending, or `signal` aborted.
 */
export async function settle<value, record = OrderRecord>(
  client: ClientBase,
  parameters: {
    error: BaseError
    settings: ReconcileSettings
    /** The order-info query of each lookup (when `lookup` is not given). */
    query?: { orderId?: string | undefined; clientOid?: string | undefined } | undefined
    /** One lookup: the record, `undefined` when provably absent; throws when inconclusive. */
    lookup?: ((signal: AbortSignal | undefined) => Promise<record | undefined>) | undefined
    judge: (lookup: record | undefined) => Verdict<value>
    /** The error of a change proven not applied (a final `not-applied` verdict). */
    notApplied: (lookup: record | undefined, attempts: number) => BaseError
    /** The error when the lookups settled nothing (the outcome stays unknown). @default `error` */
    unresolved?: ((attempts: number) => BaseError) | undefined
    signal?: AbortSignal | undefined
  },
): Promise<value> {
  const { error, settings, judge, signal } = parameters
  const lookup =
    parameters.lookup ??
    ((s: AbortSignal | undefined) =>
      lookUpOrder(client, parameters.query ?? {}, s) as Promise<record | undefined>)
  let last: Verdict<value> | undefined
  let lastLookup: record | undefined
  let attempt = 0
  for (; attempt < settings.attempts; attempt++) {
    if (attempt > 0) {
      const waited = await sleep(settings.baseDelayMs * 2 ** (attempt - 1), signal)
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
  // Only a final verdict proves the change will never apply; a change not seen yet may still be.
  if (last?.kind === 'not-applied' && last.final) throw parameters.notApplied(lastLookup, attempts)
  throw parameters.unresolved?.(attempts) ?? error
}

/** Whether an error leaves the outcome unknown and reconciliation may settle it. */
export function isReconcilable(
  error: unknown,
  signal: AbortSignal | undefined,
): error is UnknownOutcomeError {
  return UnknownOutcomeError.isInstance(error) && error.reason !== 'aborted' && !signal?.aborted
}
