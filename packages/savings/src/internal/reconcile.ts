/**
 * Reconciliation of the savings writes (subscribe, redeem) by lookup: the exchange documents no
 * client id for either, so an unknown outcome is settled from the records of that kind since
 * the call was sent, through core's `settle`. Nothing is ever sent again.
 */
import {
  callEndpoint,
  clockTolerance,
  isReconcilable,
  type ReconcileOptions,
  reconcileSettings,
  sendRequest,
  settle,
  validateRequest,
} from '@tradeline/core'
import { answeredIds } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import { Decimal } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import { type SavingsRequest as Request, SavingsOutcomeUnknownError } from '../errors.js'
import { assetsPage, recordsPage, type SavingsRecord } from '../schemas/holdings.js'
import { productRecords } from '../schemas/records.js'
import type { CallOptions, ClientBase } from '../types.js'

/** A savings write: what it sends and how its record is named. */
type Write = typeof Savings.subscribe | typeof Savings.redeem

/** The writes each client has answered: a record of one is that earlier call's, never a later write's. */
const answered = answeredIds()

/** The options of a savings write: its signal and reconciliation. */
export type WriteOptions = CallOptions & { reconcile?: ReconcileOptions | boolean | undefined }

/**
 * Sends a savings write once; an unknown outcome is reconciled from the records: one record of
 * the write's kind (`subscribe` or `redeem`), of the period type and the product's coin, of the
 * same amount, since the call was sent less the clock tolerance (a fixed subscription also among
 * the product's holdings) is the call's, and `found` turns it into the answer; none, or several,
 * throw a {@link SavingsOutcomeUnknownError}. `check` refuses the validated request before it is
 * sent (it throws).
 */
export async function sendOnce<schema extends v.GenericSchema, answer>(
  client: ClientBase,
  endpoint: Write,
  parameters: unknown,
  schema: schema,
  options: WriteOptions,
  found: (record: SavingsRecord) => answer,
  check?: (request: Request) => Promise<void>,
): Promise<v.InferOutput<schema> | answer> {
  const own = (client.config as { reconcile?: ReconcileOptions | false } | undefined)?.reconcile
  const settings = reconcileSettings(options.reconcile, own, endpoint.id)
  const request = validateRequest(endpoint, parameters) as Request
  // Checks beyond the endpoint's schema (a subscription's amount against subscribe-info).
  await check?.(request)
  const sentAt = client.transport.clock.now()
  try {
    const answer = await callEndpoint(client, endpoint, request, schema, options)
    answered.remember(client, (answer as { orderId?: unknown } | null)?.orderId)
    return answer
  } catch (error) {
    if (!settings || !isReconcilable(error, options.signal)) throw error
    const operation = endpoint.id === Savings.subscribe.id ? 'subscribe' : 'redeem'
    const unknown = (attempts: number, candidates: readonly string[]) =>
      new SavingsOutcomeUnknownError({ error, attempts, operation, request, sentAt, candidates })
    const matches = await settle<readonly SavingsRecord[], readonly SavingsRecord[]>({
      error,
      settings,
      signal: options.signal,
      lookup: (signal) => findWrites(client, operation, request, sentAt, signal),
      // None yet may still appear (the exchange may apply it late); one or more settle the lookups.
      judge: (records) =>
        records && records.length > 0 ? { kind: 'done', value: records } : { kind: 'pending' },
      notApplied: () => error,
      unresolved: (attempts) => unknown(attempts, []),
    })
    if (matches.length === 1) {
      answered.remember(client, matches[0]!.orderId)
      return found(matches[0]!)
    }
    throw unknown(
      settings.attempts,
      matches.map((record) => record.orderId),
    )
  }
}

/**
 * The records that may be this write: of its kind and period type, the product's coin, the same
 * amount, made since `sentAt` less the clock tolerance, and not a write this client answered
 * before; a fixed subscription only when the product's holdings list its `orderId` (the records
 * do not name the product).
 */
async function findWrites(
  client: ClientBase,
  operation: 'subscribe' | 'redeem',
  request: Request,
  sentAt: number,
  signal: AbortSignal | undefined,
): Promise<readonly SavingsRecord[]> {
  const send = <schema extends v.GenericSchema>(
    endpoint: Parameters<typeof sendRequest>[1],
    query: Record<string, string>,
    schema: schema,
  ) => sendRequest(client.transport, endpoint, query, schema, { signal })
  const startTime = String(Math.max(0, sentAt - clockTolerance))
  const products = await send(Savings.getProducts, { filter: 'all' }, productRecords)
  const coin = products.find((p) => p.productId === request.productId)?.coin ?? undefined
  const { periodType } = request
  const query = { periodType, orderType: operation, startTime, limit: '100' }
  const page = await send(Savings.getRecords, coin ? { ...query, coin } : query, recordsPage)
  const same = page.resultList.filter(
    (record) =>
      record.orderType === operation &&
      record.amount !== null &&
      Decimal.compare(record.amount, request.amount) === 0 &&
      (record.ts === null || record.ts >= Number(startTime)) &&
      (coin === undefined || record.coinName === coin) &&
      // A write this client answered before is that call's.
      !answered.has(client, record.orderId),
  )
  if (operation === 'redeem' || periodType === 'flexible' || same.length === 0) return same
  const held = await send(Savings.getAssets, { periodType, startTime, limit: '100' }, assetsPage)
  const ofProduct = new Set(
    held.resultList.filter((a) => a.productId === request.productId).map((a) => a.orderId),
  )
  return same.filter((record) => ofProduct.has(record.orderId))
}
