/** type=trigger of place-strategy-order: an order placed when the market reaches a price. */
import * as v from 'valibot'
import { positiveDecimal } from '../internal/fields.js'
import { missing, priceWithLimit, type StrategyRule, tickIssues } from './common.js'
import { orderType, triggerBy, yesNo } from './fields.js'

/** The fields of type=trigger. */
export const triggerEntries = {
  reduceOnly: v.optional(yesNo),
  triggerBy: v.optional(triggerBy),
  triggerPrice: v.optional(positiveDecimal),
  triggerOrderType: v.optional(orderType),
  triggerOrderPrice: v.optional(positiveDecimal),
}

type Rule = StrategyRule<typeof triggerEntries>

/**
 * "qty: required for trigger orders"; a trigger order also needs the price it waits for and
 * the type of the order it places.
 */
const required: Rule = (draft) => {
  if (draft.type !== 'trigger') return []
  return [
    ...(draft.qty === undefined ? [missing(['qty'], 'required for trigger orders')] : []),
    ...(draft.triggerPrice === undefined
      ? [missing(['triggerPrice'], 'required for trigger orders')]
      : []),
    ...(draft.triggerOrderType === undefined
      ? [missing(['triggerOrderType'], 'required for trigger orders')]
      : []),
  ]
}

/** "triggerOrderPrice: execution price; only when triggerOrderType=limit". */
const orderPrice: Rule = (draft) => {
  if (draft.type !== 'trigger') return []
  return priceWithLimit(draft, 'triggerOrderType', 'triggerOrderPrice')
}

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'trigger') return []
  return tickIssues(draft, context, [
    [['triggerPrice'], draft.triggerPrice],
    [['triggerOrderPrice'], draft.triggerOrderPrice],
  ])
}

/** The rules of type=trigger. */
export const triggerRules: readonly Rule[] = [required, orderPrice, ticks]
