/** The reconciliation loop of `@tradeline/core` with the unified account's order lookup. */
import {
  type BaseError,
  settle as coreSettle,
  type ReconcileSettings,
  reconcileSettings,
  type Verdict,
} from '@tradeline/core'
import { Decimal } from '@tradeline/rules/shared'
import { lookUpOrder } from '../reconcile.js'
import type { OrderRecord } from '../schemas/order.js'
import type { ClientBase, ReconcileOptions } from './call.js'

export { isReconcilable, type ReconcileSettings, type Verdict } from '@tradeline/core'

/** What a lookup shows: the order's record, or `undefined` when the exchange says it does not exist. */
export type Lookup = OrderRecord | undefined

/**
 * The reconciliation settings of a call: its own, else the client's, else the default. Its own
 * are checked (a `ValidationError` of `endpoint` naming the option): ask before sending.
 */
export function settingsOf(
  client: ClientBase,
  own: ReconcileOptions | boolean | undefined,
  endpoint?: { readonly id: string } | undefined,
): ReconcileSettings | undefined {
  return reconcileSettings(own, client.config?.reconcile, endpoint?.id)
}

/**
 * Core's `settle` with order-info by `query` as the lookup when no `lookup` is given (see
 * `settle` of `@tradeline/core` for what is thrown when).
 */
export async function settle<value, record = OrderRecord>(
  client: ClientBase,
  parameters: {
    error: BaseError
    settings: ReconcileSettings
    query?: { orderId?: string | undefined; clientOid?: string | undefined } | undefined
    lookup?: ((signal: AbortSignal | undefined) => Promise<record | undefined>) | undefined
    judge: (lookup: record | undefined) => Verdict<value>
    notApplied: (lookup: record | undefined, attempts: number) => BaseError
    unresolved?: ((attempts: number) => BaseError) | undefined
    signal?: AbortSignal | undefined
  },
): Promise<value> {
  const { query, lookup, ...rest } = parameters
  return coreSettle<value, record>({
    ...rest,
    lookup:
      lookup ??
      ((signal) => lookUpOrder(client, query ?? {}, signal) as Promise<record | undefined>),
  })
}

/** Whether two decimal strings are equal (`expected` absent: nothing to compare). */
export function sameDecimal(
  actual: string | null | undefined,
  expected: string | undefined,
): boolean {
  return (
    expected === undefined ||
    (typeof actual === 'string' &&
      Decimal.isDecimal(actual) &&
      Decimal.isDecimal(expected) &&
      Decimal.compare(actual, expected) === 0)
  )
}

/**
 * A take-profit, stop-loss or limit price asked for as the record shows it: `0` removes it (the
 * record shows none, or `0`); absent is not compared; a value is shown as sent.
 */
export function showsValue(now: string | null | undefined, asked: string | undefined): boolean {
  if (asked !== undefined && Decimal.isDecimal(asked) && Decimal.compare(asked, '0') === 0)
    return now == null || sameDecimal(now, '0')
  return sameDecimal(now, asked)
}
