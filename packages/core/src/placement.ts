/**
 * Placements as core's engine reads them: the description of a single placement
 * ({@link placement}) and of each item of a batch of placements ({@link batchPlacement}), both
 * on one reading of what a placement meets ({@link placementReading}).
 */
import type { Endpoint } from '@tradeline/rules'
import type * as v from 'valibot'
import type { BatchEngine, SettledAck } from './batches.js'
import { type Change, type ChangeVerdict, clockTolerance, type RefusalMeaning } from './change.js'
import { isRetry, retrySince } from './reconcile.js'

/**
 * The part of a placement's description that every line shares: the request, `retryWith` (the
 * order with its `clientOid`), whether this call is a retry (`isRetry(parameters)`), and what a
 * refusal means: any refusal of a retry may meet its own first attempt (a duplicate `clientOid`,
 * or a check the exchange makes before it, such as the balance, now failing): it is checked; a
 * refusal of a first attempt stands (the client never sends an order twice, so a duplicate id is
 * another order's). `duplicateCodes`: the codes with which a lookup that finds nothing is not yet
 * proof (the order exists; it may not be visible yet).
 *
 * @example
 * import { placement } from '@tradeline/core'
 * placement({ endpoint, request, response, parameters, input, clientOid: 'a', duplicateCodes: ['43118'], judge, now: Date.now(), createdAt: (found) => found?.cTime }).retry // false
 */
export function placement<ack, value, record>(options: {
  endpoint: Endpoint.Endpoint<any, any>
  request: unknown
  response: v.GenericSchema<unknown, ack>
  channelApiCode?: boolean | undefined
  /** The parameters as the caller passed them (a `retryWith` is marked). */
  parameters: unknown
  /** The order as sent, with its `clientOid`. */
  input: Readonly<Record<string, unknown>>
  clientOid: string | undefined
  duplicateCodes: readonly string[]
  /** What a lookup shows of this placement (see `Change.judge`). */
  judge(found: record | undefined): ChangeVerdict<value>
  /** The time the placement begins at. @default `clock.now()` */
  now?: number | undefined
  /**
   * The transport's clock (`transport.clock`): the placement begins at its `now()`, and when its
   * offset to the server changes later (its first synchronisation, or again after a 40008), the
   * placement's start moves with it, so an order the exchange stamped is compared on the
   * exchange's clock. One of `now` and `clock` is given.
   */
  clock?: { now(): number; readonly offset: number } | undefined
  /** When a found order was created (Unix milliseconds as the exchange sends them). */
  createdAt(found: record): string | number | null | undefined
}): Pick<
  Change<ack, value, record>,
  | 'endpoint'
  | 'request'
  | 'response'
  | 'channelApiCode'
  | 'retryWith'
  | 'retry'
  | 'clientOid'
  | 'since'
  | 'judge'
  | 'refusal'
  | 'judgeRefusal'
> {
  const retry = isRetry(options.parameters)
  const { duplicateCodes, createdAt } = options
  // This placement's first attempt was made at `since`: an order created well before it carries
  // the clientOid of another placement (a reused id), never this one's.
  const marked = retrySince(options.parameters)
  const { clock } = options
  const now = options.now ?? clock?.now() ?? Number.NaN
  // The local time of `now`: with the offset of the moment of judging it is the server time
  // the call began at, also when the clock was synchronised meanwhile.
  const local = marked === undefined && clock ? now - clock.offset : undefined
  const sinceNow = () => marked ?? (local !== undefined && clock ? local + clock.offset : now)
  const reading = placementReading({
    retry,
    since: sinceNow,
    duplicateCodes,
    judge: options.judge,
    createdAt,
  })
  return {
    endpoint: options.endpoint,
    request: options.request,
    response: options.response,
    channelApiCode: options.channelApiCode,
    retryWith: options.input,
    retry,
    clientOid: options.clientOid,
    // On the clock as it was when the call began; `runChange` moves it with the clock's offset.
    since: marked ?? now,
    ...reading,
  }
}

/**
 * How a placement reads what it meets, shared by a single placement ({@link placement}) and each
 * item of a batch of placements ({@link batchPlacement}):
 * - `judge`: an order found with this `clientOid` but created well before the placement's first
 *   attempt (`since`, less the clocks' tolerance) is another placement's (a reused id): not
 *   applied, for good; otherwise the line's own judge decides;
 * - `refusal`: any refusal of a retry may meet its own first attempt (checked); a refusal of a
 *   first attempt stands (the client never sends an order twice, so a duplicate id is another
 *   order's);
 * - `judgeRefusal`: a duplicate `clientOid` (one of `duplicateCodes`) proves an order carries it:
 *   one the lookup does not find is not visible yet (`pending`), never "not placed".
 *
 * @example
 * import { placementReading } from '@tradeline/core/internal'
 * placementReading({ retry: true, since: () => 0, duplicateCodes: ['43118'], judge, createdAt: (found) => found.cTime }).refusal() // 'check'
 */
export function placementReading<value, record>(options: {
  retry: boolean
  /** When the placement's first attempt was made, on the transport's clock. */
  since: () => number
  duplicateCodes: readonly string[]
  judge(found: record | undefined): ChangeVerdict<value>
  createdAt(found: record): string | number | null | undefined
}): {
  judge(found: record | undefined): ChangeVerdict<value>
  refusal(): RefusalMeaning
  judgeRefusal(found: record | undefined, error: { readonly code: string }): ChangeVerdict<value>
} {
  const { retry, since, duplicateCodes, createdAt } = options
  const judge = (found: record | undefined): ChangeVerdict<value> => {
    const created = found === undefined ? undefined : Number(createdAt(found))
    if (created !== undefined && Number.isFinite(created) && created < since() - clockTolerance)
      return { kind: 'not-applied', final: true }
    return options.judge(found)
  }
  return {
    judge,
    refusal: () => (retry ? 'check' : 'stands'),
    judgeRefusal: (found, error) =>
      found === undefined && duplicateCodes.includes(error.code)
        ? { kind: 'pending' }
        : judge(found),
  }
}

/**
 * The reading of a batch of placements for core's `runBatches` (`BatchEngine`'s `judge`,
 * `refusal` and `judgeRefusal`): each item is read as a single placement is
 * ({@link placementReading}), from the time of its own first attempt (its `retryWith`'s mark,
 * else when its batch was sent).
 *
 * @example
 * import { batchPlacement } from '@tradeline/core/internal'
 * const reading = batchPlacement({
 *   duplicateCodes: ['43118'],
 *   judge: (item: { clientOid: string }, found: { clientOid: string; orderId: string; cTime: string } | undefined) =>
 *     found === undefined ? { kind: 'not-applied', final: false } : { kind: 'done', value: { orderId: found.orderId, clientOid: item.clientOid } },
 *   createdAt: (found) => found.cTime,
 * })
 * reading.judge({ clientOid: 'a' }, undefined, Date.now()) // { kind: 'not-applied', final: false }
 */
export function batchPlacement<item, record>(options: {
  duplicateCodes: readonly string[]
  /** What a lookup shows of this item (see `Change.judge`). */
  judge(item: item, found: record | undefined): ChangeVerdict<SettledAck>
  /** When a found order was created (Unix milliseconds as the exchange sends them). */
  createdAt(found: record): string | number | null | undefined
}): Pick<BatchEngine<item, record>, 'judge' | 'refusal' | 'judgeRefusal'> {
  const reading = (item: item, since: number) =>
    placementReading<SettledAck, record>({
      retry: isRetry(item),
      since: () => since,
      duplicateCodes: options.duplicateCodes,
      judge: (found) => options.judge(item, found),
      createdAt: options.createdAt,
    })
  return {
    judge: (item, found, since) => reading(item, since).judge(found),
    refusal: (item) => reading(item, 0).refusal(),
    judgeRefusal: (item, found, error, since) => reading(item, since).judgeRefusal(found, error),
  }
}
