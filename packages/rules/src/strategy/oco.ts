/**
 * type=oco of place-strategy-order: a limit leg and a conditional leg; whichever fills or
 * triggers first cancels the other.
 */
import * as v from 'valibot'
import { positiveDecimal } from '../internal/fields.js'
import { missing, priceWithLimit, type StrategyRule, tickIssues } from './common.js'
import { elementRules } from './elementRules.js'
import { orderType, paramsList } from './fields.js'

/** One element of `ocoParams`. */
export const ocoParam = v.pipe(
  v.strictObject({
    ocoLimitPrice: positiveDecimal,
    ocoTriggerPrice: positiveDecimal,
    ocoOrderType: orderType,
    ocoOrderPrice: v.optional(positiveDecimal),
  }),
  // "ocoOrderPrice: when ocoOrderType=limit": the execution price of the conditional leg.
  elementRules((param) => priceWithLimit(param, 'ocoOrderType', 'ocoOrderPrice')),
)

/** The fields of type=oco. */
export const ocoEntries = {
  ocoParams: v.optional(paramsList(ocoParam)),
}

type Rule = StrategyRule<typeof ocoEntries>

/** "list `ocoParams` (required)". */
const required: Rule = (draft) =>
  draft.type === 'oco' && draft.ocoParams === undefined
    ? [missing(['ocoParams'], 'required when type=oco')]
    : []

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'oco') return []
  return (draft.ocoParams ?? []).flatMap((param, i) =>
    tickIssues(draft, context, [
      [['ocoParams', i, 'ocoLimitPrice'], param.ocoLimitPrice],
      [['ocoParams', i, 'ocoTriggerPrice'], param.ocoTriggerPrice],
      [['ocoParams', i, 'ocoOrderPrice'], param.ocoOrderPrice],
    ]),
  )
}

/** The rules of type=oco. */
export const ocoRules: readonly Rule[] = [required, ticks]
