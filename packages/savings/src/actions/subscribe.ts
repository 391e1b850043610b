import {
  type BaseError,
  callEndpoint,
  clockTolerance,
  isReconcilable,
  type ReconcileOptions,
  reconcileSettings,
  requireArgument,
  sendRequest,
  settle,
  UnknownOutcomeError,
  validateRequest,
} from '@tradeline/core'
import { Decimal, Savings } from '@tradeline/rules'
import type { CallOptions, ClientBase } from '../internal/client.js'
import { assetsPage, recordsPage, type SavingsRecord, subscribeAck } from '../schemas/holdings.js'
import { productRecords } from '../schemas/records.js'

/**
 * Subscribes `amount` of a savings product (POST /api/v2/earn/savings/subscribe): the answer is
 * the subscription's `orderId`, which {@link getSubscribeResult} reads (`success`, or `fail` with
 * the exchange's message). The request is checked before it is sent (a `ValidationError` naming
 * the field, nothing sent) and sent once.
 *
 * The exchange documents no client id for a subscription, so an unknown outcome (timeout, lost
 * connection, 40010/40725/45001) is reconciled by lookup through core's `settle`: the records of
 * `subscribe` of the product's period type and coin since the call was sent (less the clock
 * tolerance) with the same amount (a fixed one also among the holdings of that product). One
 * such subscription is this call's: its `orderId` is returned. None, or more than one, leaves
 * the outcome unknown: a {@link SubscriptionOutcomeUnknownError} that says which, and nothing is
 * ever sent again (a second subscription would move the money twice).
 *
 * @example
 * import { createSavingsClient, subscribe } from '@tradeline/savings'
 * const client = createSavingsClient({ credentials })
 * const { orderId } = await subscribe(client, { productId: '1001', periodType: 'flexible', amount: '100' })
 * (await client.subscribeResult({ orderId, periodType: 'flexible' })).result // 'success'
 */
export async function subscribe(
  client: ClientBase,
  parameters: subscribe.Parameters,
  options: subscribe.Options = {},
): Promise<subscribe.ReturnType> {
  requireArgument(Savings.subscribe, parameters, 'object')
  const own = (client.config as { reconcile?: ReconcileOptions | false } | undefined)?.reconcile
  const settings = reconcileSettings(options.reconcile, own, Savings.subscribe.id)
  const request = validateRequest(Savings.subscribe, parameters) as Savings.subscribe.Request
  const sentAt = client.transport.clock.now()
  try {
    return await callEndpoint(client, Savings.subscribe, request, subscribeAck, options)
  } catch (error) {
    if (!settings || !isReconcilable(error, options.signal)) throw error
    const matches = await settle<readonly SavingsRecord[], readonly SavingsRecord[]>({
      error,
      settings,
      signal: options.signal,
      lookup: (signal) => findSubscriptions(client, request, sentAt, signal),
      // None yet may still appear (the exchange may apply it late); one or more settle the lookups.
      judge: (found) =>
        found && found.length > 0 ? { kind: 'done', value: found } : { kind: 'pending' },
      notApplied: () => error,
      unresolved: (attempts) =>
        new SubscriptionOutcomeUnknownError({ error, attempts, request, sentAt, candidates: [] }),
    })
    if (matches.length === 1) return { orderId: matches[0]!.orderId }
    throw new SubscriptionOutcomeUnknownError({
      error,
      attempts: settings.attempts,
      request,
      sentAt,
      candidates: matches.map((record) => record.orderId),
    })
  }
}

/**
 * The `subscribe` records that may be this subscription: same period type, the product's coin,
 * the same amount, made since `sentAt` less the clock tolerance; a fixed one only when the
 * product's holdings list its `orderId` (the records do not name the product).
 */
async function findSubscriptions(
  client: ClientBase,
  request: Savings.subscribe.Request,
  sentAt: number,
  signal: AbortSignal | undefined,
): Promise<readonly SavingsRecord[]> {
  const send = <schema extends Parameters<typeof sendRequest>[3]>(
    endpoint: Parameters<typeof sendRequest>[1],
    query: Record<string, string>,
    schema: schema,
  ) => sendRequest(client.transport, endpoint, query, schema, { signal })
  const startTime = String(Math.max(0, sentAt - clockTolerance))
  const products = await send(Savings.getProducts, { filter: 'all' }, productRecords)
  const coin = products.find((p) => p.productId === request.productId)?.coin ?? undefined
  const page = await send(
    Savings.getRecords,
    {
      periodType: request.periodType,
      orderType: 'subscribe',
      startTime,
      limit: '100',
      ...(coin ? { coin } : {}),
    },
    recordsPage,
  )
  const same = page.resultList.filter(
    (record) =>
      record.orderType === 'subscribe' &&
      record.amount !== null &&
      Decimal.compare(record.amount, request.amount) === 0 &&
      (record.ts === null || record.ts >= Number(startTime)) &&
      (coin === undefined || record.coinName === coin),
  )
  if (request.periodType === 'flexible' || same.length === 0) return same
  const held = await send(
    Savings.getAssets,
    { periodType: 'fixed', startTime, limit: '100' },
    assetsPage,
  )
  const ofProduct = new Set(
    held.resultList.filter((a) => a.productId === request.productId).map((a) => a.orderId),
  )
  return same.filter((record) => ofProduct.has(record.orderId))
}

/**
 * The outcome of a subscription stayed unknown after reconciliation: no subscription of that
 * amount showed up in the records since the call (`candidates` empty: the exchange may still
 * apply it), or several did (`candidates` their orderIds: which one is this call's cannot be
 * told). Never send it again blindly: check the records or assets first.
 *
 * @example
 * import { SubscriptionOutcomeUnknownError } from '@tradeline/savings'
 * try {
 *   await client.subscribe({ productId: '1001', periodType: 'flexible', amount: '100' })
 * } catch (error) {
 *   if (SubscriptionOutcomeUnknownError.isInstance(error)) console.log(error.candidates)
 * }
 */
export class SubscriptionOutcomeUnknownError extends UnknownOutcomeError {
  static override readonly kind: string = 'SubscriptionOutcomeUnknownError'
  override name = 'SubscriptionOutcomeUnknownError'
  /** Lookups made. */
  readonly attempts: number
  /** The orderIds of the matching subscriptions: none, or more than one (ambiguous). */
  readonly candidates: readonly string[]
  /** Why the outcome stays unknown: no match yet, or several matches. */
  readonly ambiguity: 'none-found' | 'several-found'
  /** When the call was sent (the transport's clock, Unix ms): the lookups' window starts there. */
  readonly sentAt: number

  constructor(parameters: {
    error: UnknownOutcomeError
    attempts: number
    request: Savings.subscribe.Request
    sentAt: number
    candidates: readonly string[]
  }) {
    const { error, request, candidates } = parameters
    const what = `${request.amount} of product ${request.productId} (${request.periodType})`
    const { endpoint, method, path, reason, code, msg, status } = error
    super({
      ...{ endpoint, method, path, reason, code, msg, status },
      cause: error,
      advice: [
        candidates.length === 0
          ? `${parameters.attempts} lookups of the subscribe records found no subscription of ${what} since the call; the exchange may still apply it.`
          : `The subscribe records show ${candidates.length} subscriptions of ${what} since the call (orderIds ${candidates.join(', ')}): which one is this call's cannot be told.`,
        'Nothing was sent again: read the records or assets before subscribing again.',
      ],
    })
    this.attempts = parameters.attempts
    this.candidates = candidates
    this.ambiguity = candidates.length === 0 ? 'none-found' : 'several-found'
    this.sentAt = parameters.sentAt
  }
}

export declare namespace subscribe {
  /** `productId`, `periodType` (`flexible`, `fixed`) and `amount` (a decimal string). */
  type Parameters = Savings.subscribe.Parameters
  /** The call's options: its signal, and reconciliation (`reconcile`, or `false` for none). */
  type Options = CallOptions & { reconcile?: ReconcileOptions | boolean | undefined }
  /** `orderId`: what subscribeResult reads. */
  type ReturnType = { orderId: string }
  /** What the call may throw: `SubscriptionOutcomeUnknownError` when the outcome stays unknown. */
  type ErrorType = BaseError
}
