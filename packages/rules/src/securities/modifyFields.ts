/**
 * Which fields a modification of a stockplus order may send, decided by the order's type: the
 * fields place-order forbids that type (`orderTypeFields`) are forbidden in its modification
 * too. Modify-order's `price` is place-order's `submittedPrice`; the other fields share names.
 * Modify-order does not carry the order type, so the check needs it from the order (the
 * client's memory of its placements, the sandbox's book).
 */
import { create, describe, type Issue } from '../Issue.js'
import { orderTypeDependentFields, orderTypeFields, orderTypes } from './order.js'

/** Place-order's name of a modify-order field. */
const placeNameOf = (field: string): string => (field === 'price' ? 'submittedPrice' : field)

/**
 * The `forbidden` issues of a modification's fields that `orderType` does not use (e.g.
 * `trailingPercent` on an `LO`), each at modify-order's own field name; none for an order type
 * not in {@link orderTypes}.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.modifyFieldIssues('LO', { quantity: '2', trailingPercent: '3' })[0]?.message
 * // 'trailingPercent: expected no value when the order's orderType is LO, received "3"'
 */
export function modifyFieldIssues(
  orderType: string,
  request: Readonly<Record<string, unknown>>,
): Issue[] {
  const type = orderTypes.find((known) => known === orderType)
  if (type === undefined) return []
  const { required, optional } = orderTypeFields[type]
  const used = new Set<string>([...required, ...optional])
  const issues: Issue[] = []
  for (const [field, value] of Object.entries(request)) {
    if (value === undefined) continue
    const name = placeNameOf(field)
    if (!(orderTypeDependentFields as readonly string[]).includes(name) || used.has(name)) continue
    issues.push(
      create({
        type: 'forbidden',
        path: [field],
        expected: `no value when the order's orderType is ${type}`,
        received: describe(value),
      }),
    )
  }
  return issues
}
