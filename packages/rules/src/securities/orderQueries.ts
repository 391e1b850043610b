/**
 * The vocabulary of the stockplus order reads as data: the order statuses the exchange answers
 * (and a query may filter by), the markets, and the filter fields the order lists share.
 */
import * as v from 'valibot'
import { oneOf } from '../internal/fields.js'
import { expects, fieldCheck } from '../internal/valibot.js'
import { sides } from './order.js'

/**
 * Order statuses of stockplus orders (`status` of the order records and of the list filters),
 * as bitget-api's typed client of the stockplus trade endpoints carries them: not reported yet,
 * resting (`NewStatus`), partly filled, filled, being replaced or cancelled, and the final
 * `CanceledStatus`, `RejectedStatus` and `ExpiredStatus`.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.orderStatuses.includes('PartialFilledStatus') // true
 */
export const orderStatuses = [
  'NotReported',
  'ReplacedNotReported',
  'ProtectedNotReported',
  'VarietiesNotReported',
  'WaitToNew',
  'NewStatus',
  'WaitToReplace',
  'PendingReplaceStatus',
  'ReplacedStatus',
  'PartialFilledStatus',
  'FilledStatus',
  'WaitToCancel',
  'PendingCancelStatus',
  'RejectedStatus',
  'CanceledStatus',
  'ExpiredStatus',
  'PartialWithdrawal',
] as const
/** One of {@link orderStatuses}. */
export type OrderStatus = (typeof orderStatuses)[number]

/**
 * The statuses after which an order can no longer fill, change or be cancelled.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.finalOrderStatuses.includes('FilledStatus') // true
 */
export const finalOrderStatuses = [
  'FilledStatus',
  'CanceledStatus',
  'RejectedStatus',
  'ExpiredStatus',
  'PartialWithdrawal',
] as const satisfies readonly OrderStatus[]

/**
 * Whether an order in `status` may still fill, change or be cancelled (not one of
 * {@link finalOrderStatuses}; an unknown status counts as live).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.isLiveOrderStatus('NewStatus') // true
 * Securities.isLiveOrderStatus('CanceledStatus') // false
 */
export function isLiveOrderStatus(status: string): boolean {
  return !(finalOrderStatuses as readonly string[]).includes(status)
}

/**
 * Markets of the order filters: `US` United States, `HK` Hong Kong.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.markets // ['US', 'HK']
 */
export const markets = ['US', 'HK'] as const
/** One of {@link markets}. */
export type StockMarket = (typeof markets)[number]

/** The longest status filter text: every status once, comma-separated, with a space each. */
const statusFilterText = orderStatuses.join(', ').length

/**
 * A status filter: one status or several (an array, or a comma-separated string), each one of
 * {@link orderStatuses}, sent comma-separated, without repeats.
 */
export const statusFilter = v.pipe(
  expects(
    v.union([v.string(), v.array(v.string())]),
    'a status, a comma-separated string or an array of statuses',
  ),
  // Bounded before it is split: every status once with its comma fits.
  fieldCheck(
    'length',
    `at most ${statusFilterText} characters`,
    (value: string | string[]) =>
      (typeof value === 'string' ? value : value.join(',')).length <= statusFilterText,
  ),
  v.transform((value): string[] =>
    typeof value === 'string' ? value.split(',').map((item) => item.trim()) : [...value],
  ),
  v.array(oneOf(orderStatuses)),
  expects(v.minLength<OrderStatus[], 1>(1), 'at least 1 status'),
  v.transform((list) => [...new Set(list)].join(',')),
)

/** The filters the order lists share: `symbol`, `status`, `side` and `market`. */
export const orderFilters = {
  status: v.optional(statusFilter),
  side: v.optional(oneOf(sides)),
  market: v.optional(oneOf(markets)),
} as const
