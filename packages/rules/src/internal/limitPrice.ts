/** The rule the openable-size reads share: a limit order's estimate names its price. */
import { create, describe, type Issue } from '../Issue.js'

/** A rule giving a `missing` issue on `field` when `orderType` is `limit` and `field` is absent. */
export function priceForLimit(field: string) {
  return (draft: { readonly orderType?: string | undefined } & Record<string, unknown>) =>
    (draft.orderType === 'limit' && draft[field] === undefined
      ? [
          create({
            type: 'missing',
            path: [field],
            expected: `a price (required when orderType is limit)`,
            received: describe(undefined),
          }),
        ]
      : []) as readonly Issue[]
}
