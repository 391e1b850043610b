/**
 * The classic batch helpers on core's `runBatches`: items grouped by contract and margin
 * settings (one group per request), batches of 50 wrapped in the request object, results read
 * from `successList`/`failureList` by `clientOid` (placements) or `orderId` (cancellations),
 * order detail as the lookup after an unknown outcome.
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
import { lookUpOrder, type OrderQuery } from '../reconcile.js'
import { type BatchResult, batchResult, type OrderDetail } from '../schemas/records.js'
import type { BatchOptions, ClientBase } from '../types.js'

export type { BatchOptions } from '../types.js'
export type { BatchOutcome, BatchProgress }

/** What a classic batch helper knows of its endpoint. */
export type ClassicBatchEngine<item, record = OrderDetail> = Pick<
  CoreBatchEngine<item, record>,
  'endpoint' | 'group' | 'request' | 'itemsPath' | 'context' | 'judge' | 'notApplied'
> &
  /** How a refusal of an item is read (core's `BatchEngine`). @default every refusal stands */
  Partial<
    Pick<CoreBatchEngine<item, record>, 'refusal' | 'judgeRefusal' | 'examine' | 'lookup'>
  > & {
    /** Which order an item names (with its contract, for the lookup; the default lookup's query). */
    query(item: item): OrderQuery
    /** The key an answer's item is matched by (the other when the item has none of it). */
    readonly matchBy: 'clientOid' | 'orderId'
    /** Called with each batch's answer as the exchange gave it. @default none */
    readonly answered?: ((result: BatchResult) => void) | undefined
    /** Sends the transport's broker code as `X-CHANNEL-API-CODE` with each batch. @default false */
    readonly channelApiCode?: boolean | undefined
  }

/** Runs a classic batch helper (see `runBatches` of `@tradeline/core`). */
export function runBatches<item, record = OrderDetail>(
  client: ClientBase,
  engine: ClassicBatchEngine<item, record>,
  items: readonly item[],
  options: BatchOptions,
): Promise<BatchOutcome[]> {
  return coreRunBatches<item, record>(
    batchEngine(client, engine),
    items,
    runOptionsOf(client.config, engine.endpoint, options),
  )
}

/** Core's engine of a classic batch helper: batches of 50, the answer read by `matchBy`. */
export function batchEngine<item, record = OrderDetail>(
  client: ClientBase,
  engine: ClassicBatchEngine<item, record>,
): CoreBatchEngine<item, record> {
  return {
    endpoint: engine.endpoint,
    size: Limits.classicBatchSize,
    group: engine.group,
    request: engine.request,
    itemsPath: engine.itemsPath,
    context: engine.context,
    send: async (request, chunk, signal) => {
      const answer = await sendRequest(client.transport, engine.endpoint, request, batchResult, {
        signal,
        channelApiCode: engine.channelApiCode,
      })
      // A failure's text is the exchange's, like an error's: redacted alike (an upstream that
      // echoes the request would otherwise hand its signature and passphrase to the caller).
      const result =
        answer.failureList.length === 0
          ? answer
          : {
              ...answer,
              failureList: answer.failureList.map((failure) =>
                failure.errorMsg
                  ? {
                      ...failure,
                      errorMsg: client.transport.redact?.(failure.errorMsg) ?? failure.errorMsg,
                    }
                  : failure,
              ),
            }
      engine.answered?.(result)
      return chunk.map((item) => itemResult(result, engine.query(item), engine.matchBy))
    },
    query: engine.query,
    lookup:
      engine.lookup ??
      ((item, signal) =>
        lookUpOrder(client, engine.query(item), signal) as Promise<record | undefined>),
    judge: engine.judge,
    notApplied: engine.notApplied,
    ...(engine.refusal && { refusal: engine.refusal }),
    ...(engine.judgeRefusal && { judgeRefusal: engine.judgeRefusal }),
    ...(engine.examine && { examine: engine.examine }),
    clock: client.transport.clock,
  }
}

/**
 * The result of one item: in `successList` (ok), in `failureList` (rejected), else none. An item
 * without the key `by` (a cancel by `clientOid` alone) is matched by the other.
 */
export function itemResult(
  result: BatchResult,
  query: { orderId?: string | undefined; clientOid?: string | undefined },
  matchBy: 'clientOid' | 'orderId',
): ItemResult | undefined {
  const by =
    query[matchBy] !== undefined ? matchBy : matchBy === 'orderId' ? 'clientOid' : 'orderId'
  const key = query[by]
  if (key === undefined) return undefined
  const ok = result.successList.find((entry) => entry[by] === key)
  if (ok)
    return {
      status: 'ok',
      orderId: ok.orderId ?? query.orderId ?? null,
      clientOid: ok.clientOid ?? query.clientOid ?? null,
    }
  const failed = result.failureList.find((entry) => entry[by] === key)
  if (failed)
    return {
      status: 'rejected',
      orderId: failed.orderId ?? query.orderId ?? null,
      clientOid: failed.clientOid ?? query.clientOid ?? null,
      code: failed.errorCode ?? '',
      msg: failed.errorMsg ?? '',
    }
  return undefined
}

/**
 * The group key of an item's shared fields. A value that is not a string (the rules refuse it
 * later, by name) stands for its type only, so that no value, a BigInt or an object without a
 * prototype included, can make the key throw.
 */
export function groupKey(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : typeof v)).join(',')
}
