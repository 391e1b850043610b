/**
 * The price tick of a US security, one copy for the client (checked before an order or a
 * modification is sent) and the sandbox (which refuses an off-tick price with `40808`).
 *
 * No Stock+ page publishes a tick. The rule is the US one the Stock+ orders are routed under:
 * Regulation NMS Rule 612 (the "sub-penny rule", 17 CFR 242.612) forbids a broker or venue to
 * accept an order of an NMS stock priced at 1 USD or more in an increment finer than 0.01, below
 * 1 USD finer than 0.0001. Its 2024 amendment (Release 34-101070, compliance postponed to the
 * first business day of November 2026) lets a stock priced at 1 USD or more whose time-weighted
 * average quoted spread was at most 0.015 trade in 0.005 for the next six months: which stocks
 * those are the primary listing exchange decides each evaluation period, and no Stock+ record
 * says. US option premiums quote in 0.01 at the finest (penny classes; others 0.05 or 0.10,
 * themselves multiples of 0.01).
 */
import * as Decimal from '../Decimal.js'
import { create, describe, type Issue } from '../Issue.js'
import { isOptionSymbol } from './symbol.js'

/**
 * The ticks of the rule: `penny` stocks at 1 USD or more (0.01), `halfPenny` stocks at 1 USD or
 * more of the amended rule's 0.005 group, `subDollar` stocks below 1 USD (0.0001) and `option`
 * premiums (0.01).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.priceTicks.subDollar // '0.0001'
 */
export const priceTicks = {
  penny: '0.01',
  halfPenny: '0.005',
  subDollar: '0.0001',
  option: '0.01',
} as const

/** The tick group of a stock priced at 1 USD or more: `penny` (0.01) or `halfPenny` (0.005). */
export type TickGroup = 'penny' | 'halfPenny'

/**
 * The tick a price of `symbol` must be a multiple of: 0.01 for an option; for a stock 0.0001
 * below 1 USD, else 0.01 (`group` `penny`, the default) or 0.005 (`halfPenny`).
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tickOf('AAPL.US', '150') // '0.01'
 * Securities.tickOf('AAPL.US', '0.5') // '0.0001'
 */
export function tickOf(symbol: string, price: string, group: TickGroup = 'penny'): string {
  if (isOptionSymbol(symbol)) return priceTicks.option
  if (Decimal.compare(price, '1') < 0) return priceTicks.subDollar
  return priceTicks[group]
}

/**
 * The finest tick any US venue may accept a price of `symbol` in (the `halfPenny` group): what
 * a client that does not know a stock's group can refuse for certain.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.finestTickOf('AAPL.US', '150') // '0.005'
 */
export function finestTickOf(symbol: string, price: string): string {
  return tickOf(symbol, price, 'halfPenny')
}

/**
 * The prices that must be on their tick: place-order's `submittedPrice`, `triggerPrice` and
 * `monitorPrice`, modify-order's `price`, `triggerPrice` and `monitorPrice`.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tickedPrices.modifyOrder // ['price', 'triggerPrice', 'monitorPrice']
 */
export const tickedPrices = {
  placeOrder: ['submittedPrice', 'triggerPrice', 'monitorPrice'],
  modifyOrder: ['price', 'triggerPrice', 'monitorPrice'],
} as const

/**
 * The `tick` issues of `request`'s prices (`fields`, those given as decimal strings) off the tick
 * of `symbol` (`group` as {@link tickOf}; `'finest'` for {@link finestTickOf}), each naming the
 * field and the rule. A price that is no decimal string is left to the endpoint's own schema.
 *
 * @example
 * import { Securities } from '@tradeline/rules'
 * Securities.tickIssues('AAPL.US', { submittedPrice: '150.003' }, Securities.tickedPrices.placeOrder)[0]?.message
 * // 'submittedPrice: expected a multiple of 0.01 (the price tick of a US stock at 1 USD or more, Reg NMS Rule 612), received "150.003"'
 */
export function tickIssues(
  symbol: string,
  request: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  group: TickGroup | 'finest' = 'penny',
): Issue[] {
  const issues: Issue[] = []
  for (const field of fields) {
    const price = request[field]
    if (typeof price !== 'string' || !Decimal.isDecimal(price)) continue
    const tick = group === 'finest' ? finestTickOf(symbol, price) : tickOf(symbol, price, group)
    if (Decimal.isMultipleOf(price, tick)) continue
    issues.push(
      create({
        type: 'tick',
        path: [field],
        expected: `a multiple of ${tick} (${tickRule(symbol, tick)})`,
        received: describe(price),
      }),
    )
  }
  return issues
}

/** The rule a tick comes from, for the message. */
function tickRule(symbol: string, tick: string): string {
  if (isOptionSymbol(symbol)) return 'the finest premium tick of a US option'
  if (tick === priceTicks.subDollar)
    return 'the price tick of a US stock below 1 USD, Reg NMS Rule 612'
  if (tick === priceTicks.halfPenny)
    return 'the finest price tick of a US stock at 1 USD or more, Reg NMS Rule 612 as amended'
  // The penny tick: a stock at 1 USD or more (below it the tick is the sub-dollar one).
  return 'the price tick of a US stock at 1 USD or more, Reg NMS Rule 612'
}
