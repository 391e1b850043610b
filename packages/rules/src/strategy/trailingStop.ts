/**
 * type=trailing_stop of place-strategy-order: tracking starts at an activation price and the
 * order follows the market at a ratio or a spread.
 */
import * as v from 'valibot'
import { isFutures } from '../Category.js'
import * as Decimal from '../Decimal.js'
import { create, describe } from '../Issue.js'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { trailVarianceRatio } from '../Limits.js'
import { missing, priceWithLimit, type StrategyRule, tickIssues } from './common.js'
import { elementRules } from './elementRules.js'
import { orderType, paramsList } from './fields.js'

/** One element of `trailingStopParams`. */
export const trailingStopParam = v.pipe(
  v.strictObject({
    activationPrice: positiveDecimal,
    activationType: oneOf(['market', 'mark', 'index']),
    trailType: oneOf(['ratio', 'spread']),
    trailVariance: positiveDecimal,
    preOrderType: orderType,
    preOrderPrice: v.optional(positiveDecimal),
  }),
  // "preOrderPrice: when preOrderType=limit".
  elementRules((param) => priceWithLimit(param, 'preOrderType', 'preOrderPrice')),
)

/** The fields of type=trailing_stop. */
export const trailingStopEntries = {
  trailingStopParams: v.optional(paramsList(trailingStopParam)),
}

type Rule = StrategyRule<typeof trailingStopEntries>

/** "list `trailingStopParams` (required)". */
const required: Rule = (draft) =>
  draft.type === 'trailing_stop' && draft.trailingStopParams === undefined
    ? [missing(['trailingStopParams'], 'required when type=trailing_stop')]
    : []

/** "activationType: `market`, `mark`, `index`; spot supports only `market`". */
const spotActivation: Rule = (draft) => {
  if (draft.type !== 'trailing_stop' || draft.category !== 'SPOT') return []
  return (draft.trailingStopParams ?? []).flatMap((param, i) =>
    param.activationType === 'market'
      ? []
      : [
          create({
            type: 'unsupported',
            path: ['trailingStopParams', i, 'activationType'],
            expected: '"market" (spot supports only market)',
            received: describe(param.activationType),
          }),
        ],
  )
}

/** "trailVariance: with trailType=ratio: spot range [0.1, 20], futures range [0.1, 10]". */
const ratioRange: Rule = (draft) => {
  if (draft.type !== 'trailing_stop' || draft.category === undefined) return []
  const line = isFutures(draft.category)
    ? 'futures'
    : draft.category === 'SPOT'
      ? 'spot'
      : undefined
  if (line === undefined) return []
  const range = trailVarianceRatio[line]
  return (draft.trailingStopParams ?? []).flatMap((param, i) =>
    param.trailType !== 'ratio' ||
    (Decimal.compare(param.trailVariance, range.min) >= 0 &&
      Decimal.compare(param.trailVariance, range.max) <= 0)
      ? []
      : [
          create({
            type: 'range',
            path: ['trailingStopParams', i, 'trailVariance'],
            expected: `a value in [${range.min}, ${range.max}] (trailType=ratio on ${line})`,
            received: describe(param.trailVariance),
          }),
        ],
  )
}

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'trailing_stop') return []
  return (draft.trailingStopParams ?? []).flatMap((param, i) =>
    tickIssues(draft, context, [
      [['trailingStopParams', i, 'activationPrice'], param.activationPrice],
      [['trailingStopParams', i, 'preOrderPrice'], param.preOrderPrice],
    ]),
  )
}

/** The rules of type=trailing_stop. */
export const trailingStopRules: readonly Rule[] = [required, spotActivation, ratioRange, ticks]
