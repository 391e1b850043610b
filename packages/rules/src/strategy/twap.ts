/**
 * type=twap of place-strategy-order: an order spread over time in equal slices. The exchange documentation types
 * the offsets and prices as `number` (and `limitOffsetType` too, though its values are words).
 * A caller writes each as a decimal string, as every price and amount (a JavaScript `number` is
 * refused, naming the field: it may already be a float's rounding), and each is sent as a JSON
 * number written from that exact decimal text, a {@link JsonNumber} (docs/architecture.md).
 */
import * as v from 'valibot'
import * as Decimal from '../Decimal.js'
import { create, describe } from '../Issue.js'
import { decimalString, oneOf, positiveDecimalString } from '../internal/fields.js'
import { JsonNumber } from '../JsonNumber.js'
import {
  twapDurationMinutes,
  twapIntervals,
  twapLimitOffsetPercentage,
  twapLimitOffsetSpreadMaxRatio,
} from '../Limits.js'
import { forbidden, missing, type StrategyRule, tickIssues } from './common.js'
import { type ElementRule, elementRules } from './elementRules.js'
import { decimalIn, integerChoice, integerText, orderType, paramsList } from './fields.js'

/** A checked decimal string, sent as a JSON number of the same text. */
const asNumber = v.transform((text: string) => JsonNumber.from(text))

const entries = {
  duration: integerText(twapDurationMinutes),
  interval: integerChoice(twapIntervals),
  orderType: v.optional(orderType),
  limitOffsetType: v.optional(oneOf(['percentage', 'spread'])),
  limitOffsetPercentage: v.optional(
    v.pipe(decimalString, decimalIn(twapLimitOffsetPercentage), asNumber),
  ),
  limitOffsetSpread: v.optional(v.pipe(positiveDecimalString, asNumber)),
  twapTriggerPrice: v.optional(v.pipe(positiveDecimalString, asNumber)),
  twapTerminationPrice: v.optional(v.pipe(positiveDecimalString, asNumber)),
}

type Param = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>

const offsets = ['limitOffsetType', 'limitOffsetPercentage', 'limitOffsetSpread'] as const

/**
 * "limitOffsetType: `percentage` (default), `spread`; valid when orderType=limit", with the
 * offset of the chosen kind required and the other refused.
 */
const limitOffset: ElementRule<Param> = (param, failed) => {
  // Without a valid order type or offset type, which offset belongs is unknown.
  if (failed.has('orderType') || failed.has('limitOffsetType')) return []
  if ((param.orderType ?? 'market') !== 'limit')
    return offsets
      .filter((key) => param[key] !== undefined)
      .map((key) => forbidden([key], textOf(param[key]), 'valid when orderType=limit'))
  const kind = param.limitOffsetType ?? 'percentage'
  const wanted = kind === 'percentage' ? 'limitOffsetPercentage' : 'limitOffsetSpread'
  const other = kind === 'percentage' ? 'limitOffsetSpread' : 'limitOffsetPercentage'
  return [
    ...(param[wanted] === undefined
      ? [missing([wanted], `required when limitOffsetType=${kind}`)]
      : []),
    ...(param[other] === undefined
      ? []
      : [
          forbidden(
            [other],
            textOf(param[other]),
            `only when limitOffsetType=${kind === 'percentage' ? 'spread' : 'percentage'}`,
          ),
        ]),
  ]
}

/** What an issue shows of a value: a JsonNumber as its text. */
const textOf = (value: unknown): unknown => (JsonNumber.is(value) ? value.text : value)

/** One element of `twapParams`. */
export const twapParam = v.pipe(v.strictObject(entries), elementRules(limitOffset))

/** The fields of type=twap. */
export const twapEntries = {
  twapParams: v.optional(paramsList(twapParam)),
}

type Rule = StrategyRule<typeof twapEntries>

/** "list `twapParams` (required)". */
const required: Rule = (draft) =>
  draft.type === 'twap' && draft.twapParams === undefined
    ? [missing(['twapParams'], 'required when type=twap')]
    : []

/** "limitOffsetSpread: spread to latest trade price at most 20%", when the price is known. */
const spreadBound: Rule = (draft, context) => {
  const last = context.lastPrice
  if (draft.type !== 'twap' || last === undefined || !Decimal.isDecimal(last)) return []
  const max = Decimal.multiply(last, twapLimitOffsetSpreadMaxRatio)
  const percent = Decimal.multiply(twapLimitOffsetSpreadMaxRatio, '100')
  return (draft.twapParams ?? []).flatMap((param, i) =>
    param.limitOffsetSpread === undefined || Decimal.compare(param.limitOffsetSpread.text, max) <= 0
      ? []
      : [
          create({
            type: 'range',
            path: ['twapParams', i, 'limitOffsetSpread'],
            expected: `at most ${max} (${percent}% of the latest trade price ${last})`,
            received: describe(param.limitOffsetSpread.text),
          }),
        ],
  )
}

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'twap') return []
  return (draft.twapParams ?? []).flatMap((param, i) =>
    tickIssues(draft, context, [
      [['twapParams', i, 'twapTriggerPrice'], param.twapTriggerPrice?.text],
      [['twapParams', i, 'twapTerminationPrice'], param.twapTerminationPrice?.text],
    ]),
  )
}

/** The rules of type=twap. */
export const twapRules: readonly Rule[] = [required, spreadBound, ticks]
