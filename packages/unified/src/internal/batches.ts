/**
 * The unified account's batch helpers on core's `runBatches`: items grouped by category (one
 * category per batch), batches of 20, results read from `data` (an array of per-item results,
 * matched by `clientOid` when every item has a distinct one, else by position), and order-info as
 * the lookup after an unknown outcome.
 */

import {
  type BatchOutcome,
  type BatchProgress,
  type BatchEngine as CoreBatchEngine,
  runBatches as coreRunBatches,
  type ItemResult,
  sendRequest,
} from '@tradeline/core'
import { runOptionsOf } from '@tradeline/core/internal'
import { Limits } from '@tradeline/rules/shared'
import { lookUpOrder } from '../reconcile.js'
import { type BatchItemResult, batchResults } from '../schemas/ack.js'
import type { OrderRecord } from '../schemas/order.js'
import type { BatchOptions, ClientBase } from '../types.js'
import { categoryOf, forgetModeAfter } from './context.js'
import type { Lookup } from './settle.js'

export { duplicates } from '@tradeline/core/internal'
export type { BatchOptions } from '../types.js'
export type { BatchOutcome, BatchProgress }

/** What a unified batch helper knows of its endpoint. */
export type BatchEngine<item> = Pick<
  CoreBatchEngine<item, OrderRecord>,
  'endpoint' | 'context' | 'query' | 'judge' | 'notApplied'
> &
  /** How a refusal of an item is read (core's `BatchEngine`). @default every refusal stands */
  Partial<Pick<CoreBatchEngine<item, OrderRecord>, 'refusal' | 'judgeRefusal' | 'examine'>> & {
    /** Called with each batch's answer as the exchange gave it. @default none */
    readonly answered?: ((results: readonly BatchItemResult[]) => void) | undefined
    /**
     * Items that must not share a batch although of one category, told apart by this key (see
     * cancel-batch's orders named by `orderId` and by `clientOid` alone). @default none
     */
    readonly apart?: ((item: item) => string) | undefined
  }

/** Runs a unified batch helper (see `runBatches` of `@tradeline/core`). */
export async function runBatches<item>(
  client: ClientBase,
  engine: BatchEngine<item>,
  items: readonly item[],
  options: BatchOptions,
): Promise<BatchOutcome[]> {
  return coreRunBatches<item, Lookup>(
    batchEngine(client, engine),
    items,
    runOptionsOf(client.config, engine.endpoint, options),
  )
}

/** Core's engine of a unified batch helper: one category per batch, batches of 20. */
export function batchEngine<item>(
  client: ClientBase,
  engine: BatchEngine<item>,
): CoreBatchEngine<item, Lookup> {
  return {
    endpoint: engine.endpoint,
    size: Limits.unifiedBatchSize,
    group: (item) => {
      const raw = (item as { category?: unknown } | undefined)?.category
      // A value that is not a string (the rules refuse it later, by name) stands for its type
      // only: an object without a prototype cannot be turned into text.
      const category = categoryOf(raw) ?? `\u0000${typeof raw === 'string' ? raw : typeof raw}`
      return engine.apart === undefined ? category : `${category}\u0001${engine.apart(item)}`
    },
    request: (chunk) => chunk,
    itemsPath: [],
    context: engine.context,
    send: async (request, chunk, signal) => {
      const answered = await sendRequest(client.transport, engine.endpoint, request, batchResults, {
        signal,
      }).catch((error: unknown) => {
        forgetModeAfter(client, error)
        throw error
      })
      // An item's refusal text is the exchange's, like an error's: redacted alike (an upstream
      // that echoes the request would otherwise hand its signature and passphrase to the caller).
      const results = answered.map((result) =>
        succeeded(result) || !result.msg
          ? result
          : { ...result, msg: client.transport.redact?.(result.msg) ?? result.msg },
      )
      // An item refused for the position mode: the mode loaded may be stale (context.ts).
      for (const result of results) if (forgetModeAfter(client, result)) break
      engine.answered?.(results)
      const queries = chunk.map((item) => engine.query(item))
      const match = matcher(results, queries)
      return queries.map((query, i) => resultOf(match(i), query))
    },
    query: engine.query,
    lookup: (item, signal) => lookUpOrder(client, engine.query(item), signal),
    judge: engine.judge,
    notApplied: engine.notApplied,
    ...(engine.refusal && { refusal: engine.refusal }),
    ...(engine.judgeRefusal && { judgeRefusal: engine.judgeRefusal }),
    ...(engine.examine && { examine: engine.examine }),
    clock: client.transport.clock,
  }
}

/**
 * Finds the result of item `i`: by its clientOid when every item of the batch has a distinct one
 * and the answer echoes them, else by position (the exchange answers in request order), and only
 * when the answer has one result per item. An item no result can be matched to has none (its
 * outcome is then unknown and looked up): never the result of another item.
 */
export function matcher(
  results: readonly BatchItemResult[],
  queries: readonly { clientOid?: string | undefined }[],
): (i: number) => BatchItemResult | undefined {
  const oids = queries.map((q) => q.clientOid)
  const distinct = oids.every((oid) => oid !== undefined) && new Set(oids).size === oids.length
  const byOid = new Map(results.flatMap((r) => (r.clientOid ? [[r.clientOid, r] as const] : [])))
  if (distinct && byOid.size === results.length) return (i) => byOid.get(oids[i] as string)
  if (results.length !== queries.length) return () => undefined
  return (i) => results[i]
}

function resultOf(
  result: BatchItemResult | undefined,
  query: { orderId?: string | undefined; clientOid?: string | undefined },
): ItemResult | undefined {
  if (result === undefined) return undefined
  const clientOid = result.clientOid ?? query.clientOid ?? null
  const orderId = result.orderId ?? query.orderId ?? null
  const code = result.code
  if (succeeded(result)) return { status: 'ok', orderId, clientOid }
  return { status: 'rejected', orderId, clientOid, code: code ?? '', msg: result.msg ?? '' }
}

/** Whether an item's result says it was applied: no code (batch-modify), `00000` or `0`. */
export function succeeded(result: Pick<BatchItemResult, 'code'>): boolean {
  const { code } = result
  return code === null || code === undefined || code === '' || code === '00000' || code === '0'
}
