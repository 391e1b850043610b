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
  type ReconcileSettings,
  reconcileSettings,
  sendRequest,
  settle,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { type IdlessWrite, idlessWrites } from '@tradeline/core/internal'
import { Savings } from '@tradeline/rules/savings'
import { Decimal } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import { type SavingsRequest as Request, SavingsOutcomeUnknownError } from '../errors.js'
import { assetsPage, recordsPage, type SavingsRecord } from '../schemas/holdings.js'
import { productRecords } from '../schemas/records.js'
import type { CallOptions, ClientBase } from '../types.js'

/** A savings write: what it sends and how its record is named. */
type Write = typeof Savings.subscribe | typeof Savings.redeem

/**
 * The writes of each client (by transport) whose outcome is not settled, and the records they
 * were answered with or claimed: a record of one is that call's, never another's.
 */
const writes = idlessWrites()

/** The options of a savings write: its signal and reconciliation. */
export type WriteOptions = CallOptions & { reconcile?: ReconcileOptions | boolean | undefined }

/**
 * What a savings write's lookup matches on, as a key: two writes of one key may find each
 * other's record. The lookup reads the records of a kind and period type, of the product's coin
 * (a redemption's and a flexible subscription's records do not name the product) and the same
 * amount: the product is left out, so two writes of one coin and amount share a key.
 */
function keyOf(operation: 'subscribe' | 'redeem', request: Request): string {
  const { amount } = request
  const same = Decimal.isDecimal(amount) ? Decimal.trimZeros(amount) : amount
  return `${operation}|${request.periodType}|${same}`
}

/**
 * Sends a savings write once; an unknown outcome is reconciled from the records: one record of
 * the write's kind (`subscribe` or `redeem`), of the period type and the product's coin, of the
 * same amount, since the call was sent less the clock tolerance (a fixed subscription also among
 * the product's holdings), not a record another write of this client was answered with or
 * claimed, is the call's, and `found` turns it into the answer; none, or several, throw a
 * {@link SavingsOutcomeUnknownError}. While another write of this client that the same records
 * may be (the same kind, period type and amount) is in flight, or ended unknown within reach, a
 * match is ambiguous: the lookups wait for the one in flight (its answer may claim the record),
 * and end with `several-found` naming the matches. `check` refuses the validated request before
 * it is sent (it throws).
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
  const operation = endpoint.id === Savings.subscribe.id ? 'subscribe' : 'redeem'
  const sentAt = client.transport.clock.now()
  const write = writes.begin(client.transport, keyOf(operation, request), sentAt)
  let answer: v.InferOutput<schema>
  try {
    answer = await callEndpoint(client, endpoint, request, schema, options)
  } catch (error) {
    if (!settings || !isReconcilable(error, options.signal)) {
      if (UnknownOutcomeError.isInstance(error)) write.unknown()
      else write.settled()
      throw error
    }
    try {
      const record = await reconcile(client, write, operation, request, sentAt, settings, {
        error,
        signal: options.signal,
      })
      return found(record)
    } finally {
      // A record found was claimed (the write settled); anything else leaves it unknown.
      write.unknown()
    }
  }
  write.answered((answer as { orderId?: unknown } | null)?.orderId)
  return answer
}

/**
 * The lookups of a write whose outcome is unknown (see {@link sendOnce}): its record, claimed by
 * `write`, or a {@link SavingsOutcomeUnknownError}.
 */
async function reconcile(
  client: ClientBase,
  write: IdlessWrite,
  operation: 'subscribe' | 'redeem',
  request: Request,
  sentAt: number,
  settings: ReconcileSettings,
  call: { readonly error: UnknownOutcomeError; readonly signal: AbortSignal | undefined },
): Promise<SavingsRecord> {
  const { error, signal } = call
  // The matches of the last lookup that answered, when they stayed ambiguous; the lookups made.
  let ambiguous: readonly string[] = []
  let lookups = 0
  const unknown = (attempts: number) =>
    new SavingsOutcomeUnknownError({
      error,
      attempts,
      operation,
      request,
      sentAt,
      candidates: ambiguous,
    })
  return settle<SavingsRecord, readonly SavingsRecord[]>({
    error,
    settings,
    signal,
    lookup: (s) => {
      lookups++
      return findWrites(client, operation, request, sentAt, s)
    },
    // Judged after the lookup's last read: a single match is claimed here, at once. None yet may
    // still appear (the exchange may apply it late); a match another write in flight may have
    // made waits for that write's answer.
    judge: (records = []) => {
      const judgement = write.judge(records.map((record) => record.orderId))
      ambiguous = judgement.kind === 'wait' || judgement.kind === 'ambiguous' ? judgement.ids : []
      if (judgement.kind === 'one') {
        const record = records.find((r) => r.orderId === judgement.id) as SavingsRecord
        return { kind: 'done', value: record }
      }
      if (judgement.kind === 'ambiguous') throw unknown(lookups)
      return { kind: 'pending' }
    },
    notApplied: () => error,
    unresolved: (attempts) => unknown(attempts),
  })
}

/**
 * The records that may be this write: of its kind and period type, the product's coin, the same
 * amount, made since `sentAt` less the clock tolerance, and not a write this client answered
 * before (its claim is judged after the reads, at once); a fixed subscription only when the product's holdings list its `orderId` (the records
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
      // A write this client answered before is that call's (checked again when judged).
      !writes.has(client.transport, record.orderId),
  )
  if (operation === 'redeem' || periodType === 'flexible' || same.length === 0) return same
  const held = await send(Savings.getAssets, { periodType, startTime, limit: '100' }, assetsPage)
  const ofProduct = new Set(
    held.resultList.filter((a) => a.productId === request.productId).map((a) => a.orderId),
  )
  return same.filter((record) => ofProduct.has(record.orderId))
}
