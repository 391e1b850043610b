/**
 * type=iceberg of place-strategy-order: a large order split into sub-orders by quantity or by
 * count, priced by one of three preferences.
 */
import * as v from 'valibot'
import { oneOf, positiveDecimal } from '../internal/fields.js'
import { icebergSplitOrderNumbers } from '../Limits.js'
import { forbidden, missing, type StrategyRule, tickIssues } from './common.js'
import { type ElementRule, elementRules } from './elementRules.js'
import { integerText, paramsList } from './fields.js'

const entries = {
  splitMode: oneOf(['quantity', 'order']),
  qtyPerOrder: v.optional(positiveDecimal),
  splitOrderNumbers: v.optional(integerText(icebergSplitOrderNumbers)),
  orderPreference: oneOf(['faster_execution', 'fixed_distance', 'fixed_price']),
  executionStrategy: v.optional(oneOf(['queue1', 'counterparty1'])),
  fixedDistanceType: v.optional(oneOf(['spread', 'percentage'])),
  distance: v.optional(positiveDecimal),
  fixedPrice: v.optional(positiveDecimal),
  priceLimit: v.optional(positiveDecimal),
}

type Param = v.InferOutput<v.StrictObjectSchema<typeof entries, undefined>>

/**
 * "qtyPerOrder: when splitMode=quantity", "splitOrderNumbers: when splitMode=order": the
 * field of the other mode is refused, so a request says one thing.
 */
const split: ElementRule<Param> = (param) => {
  if (param.splitMode === 'quantity')
    return [
      ...(param.qtyPerOrder === undefined
        ? [missing(['qtyPerOrder'], 'required when splitMode=quantity')]
        : []),
      ...(param.splitOrderNumbers === undefined
        ? []
        : [forbidden(['splitOrderNumbers'], param.splitOrderNumbers, 'only when splitMode=order')]),
    ]
  if (param.splitMode === 'order')
    return [
      ...(param.splitOrderNumbers === undefined
        ? [missing(['splitOrderNumbers'], 'required when splitMode=order')]
        : []),
      ...(param.qtyPerOrder === undefined
        ? []
        : [forbidden(['qtyPerOrder'], param.qtyPerOrder, 'only when splitMode=quantity')]),
    ]
  return []
}

/** Which order preferences each optional pricing field is valid with. */
const validWith = {
  executionStrategy: ['faster_execution'],
  fixedDistanceType: ['fixed_distance'],
  distance: ['fixed_distance'],
  fixedPrice: ['fixed_price'],
  priceLimit: ['faster_execution', 'fixed_distance'],
} as const

/**
 * "executionStrategy: valid with faster_execution", "fixedDistanceType: valid with
 * fixed_distance", "fixedPrice: when orderPreference=fixed_price", "priceLimit: valid with
 * faster_execution or fixed_distance".
 */
const preference: ElementRule<Param> = (param) => {
  const chosen = param.orderPreference
  if (chosen === undefined) return []
  const issues = (Object.keys(validWith) as (keyof typeof validWith)[])
    .filter(
      (key) => param[key] !== undefined && !(validWith[key] as readonly string[]).includes(chosen),
    )
    .map((key) =>
      forbidden([key], param[key], `valid with orderPreference=${validWith[key].join(' or ')}`),
    )
  if (chosen === 'fixed_price' && param.fixedPrice === undefined)
    issues.push(missing(['fixedPrice'], 'required when orderPreference=fixed_price'))
  return issues
}

/** One element of `icebergParams`. */
export const icebergParam = v.pipe(v.strictObject(entries), elementRules(split, preference))

/** The fields of type=iceberg. */
export const icebergEntries = {
  icebergParams: v.optional(paramsList(icebergParam)),
}

type Rule = StrategyRule<typeof icebergEntries>

/** "list `icebergParams` (required)". */
const required: Rule = (draft) =>
  draft.type === 'iceberg' && draft.icebergParams === undefined
    ? [missing(['icebergParams'], 'required when type=iceberg')]
    : []

const ticks: Rule = (draft, context) => {
  if (draft.type !== 'iceberg') return []
  return (draft.icebergParams ?? []).flatMap((param, i) =>
    tickIssues(draft, context, [
      [['icebergParams', i, 'fixedPrice'], param.fixedPrice],
      [['icebergParams', i, 'priceLimit'], param.priceLimit],
    ]),
  )
}

/** The rules of type=iceberg. */
export const icebergRules: readonly Rule[] = [required, ticks]
