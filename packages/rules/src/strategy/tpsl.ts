/**
 * type=tpsl of place-strategy-order: take-profit and stop-loss on a position, in full or for a
 * part of it.
 */
import * as v from 'valibot'
import { create, describe } from '../Issue.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { missing, priceWithLimit, type StrategyRule, tickIssues } from './common.js'
import { orderType, triggerBy, yesNo } from './fields.js'

/** The fields of type=tpsl. */
export const tpslEntries = {
  tpslMode: v.optional(oneOf(['full', 'partial'])),
  reduceOnly: v.optional(yesNo),
  tpTriggerBy: v.optional(triggerBy),
  slTriggerBy: v.optional(triggerBy),
  takeProfit: v.optional(positiveDecimal),
  stopLoss: v.optional(positiveDecimal),
  tpOrderType: v.optional(orderType),
  slOrderType: v.optional(orderType),
  tpLimitPrice: v.optional(positiveDecimal),
  slLimitPrice: v.optional(positiveDecimal),
}

type Rule = StrategyRule<typeof tpslEntries>

/**
 * "qty: required when tpslMode=partial". With `full` (the default) a `qty` is accepted: the
 * exchange documentation does not forbid it and the public SDKs always send one.
 */
const qtyWhenPartial: Rule = (draft) => {
  if (draft.type !== 'tpsl' || draft.tpslMode !== 'partial' || draft.qty !== undefined) return []
  return [missing(['qty'], 'required when tpslMode=partial')]
}

/** A tpsl order with neither trigger price does nothing: one of them is required. */
const oneTrigger: Rule = (draft) => {
  if (draft.type !== 'tpsl') return []
  if (draft.takeProfit !== undefined || draft.stopLoss !== undefined) return []
  return [
    create({
      type: 'one_of',
      path: ['takeProfit'],
      expected: 'one of takeProfit, stopLoss',
      received: describe(undefined),
      message: 'takeProfit: one of takeProfit or stopLoss is required',
    }),
  ]
}

/** "tpLimitPrice, slLimitPrice: only for limit type"; a limit leg needs its price. */
const limitPrices: Rule = (draft) => {
  if (draft.type !== 'tpsl') return []
  return [
    ...priceWithLimit(draft, 'tpOrderType', 'tpLimitPrice', 'market'),
    ...priceWithLimit(draft, 'slOrderType', 'slLimitPrice', 'market'),
  ]
}

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'tpsl') return []
  return tickIssues(draft, context, [
    [['takeProfit'], draft.takeProfit],
    [['stopLoss'], draft.stopLoss],
    [['tpLimitPrice'], draft.tpLimitPrice],
    [['slLimitPrice'], draft.slLimitPrice],
  ])
}

/** The rules of type=tpsl. */
export const tpslRules: readonly Rule[] = [qtyWhenPartial, oneTrigger, limitPrices, ticks]
