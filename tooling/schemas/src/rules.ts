/**
 * The cross-field rules of an endpoint in its JSON Schema: `if`/`then` where JSON Schema can say
 * the rule (a field required by another field's value, one of two ids), and every rule in the
 * documented `x-tradeline-rules` list, saying whether the schema expresses it and whether it
 * needs context the request does not carry (instrument, position mode, open orders).
 */
import { Securities } from '@tradeline/rules'
import { type Description, describeRule, type RuleInput } from './crossField.js'
import type { AnyEndpoint } from './endpoints.js'
import { contextReason } from './reasons.js'

/** One entry of `x-tradeline-rules`. */
export type RuleEntry = {
  /** `<endpoint id>#<position>`: the rule's place in the endpoint's list. */
  readonly rule: string
  /** The function the rule calls, when it has a name. */
  readonly name?: string | undefined
  /** What the rule checks. */
  readonly description: string
  /** Whether the rule reads context beyond the request (instrument, position mode, ...). */
  readonly context: boolean
  /**
   * Whether the schema's `allOf` says the rule: all of it, `"partly"` (the `reason` says what is
   * left to `Endpoint.check`), or not at all.
   */
  readonly expressed: boolean | 'partly'
  /** Why JSON Schema does not say the rule (or the part left), when it does not. */
  readonly reason?: string | undefined
}

/** What the rules named here check; a rule not named here gets the general sentence. */
const descriptions: Record<string, string> = {
  orderTypeRule:
    'price is required when orderType is "limit"; pxAmendType is for limit orders only',
  categoryRule:
    'fields that only one kind of category takes: futures-only fields, spot-only autoBorrow, reduceOnly "yes" for futures only; rToken pairs only under SPOT',
  positionModeRule:
    'position mode mapping (context: positionMode): hedge mode needs posSide, one-way mode takes none',
  instrumentRule:
    'tick and lot (context: instrument): futures prices on the price step and within the price decimals, quantities on the size step and at least the minimum',
  tpslRule:
    'preset take-profit/stop-loss: a limit price goes with order type "limit" and the other way round',
  productLineRule:
    'product lines: rToken pairs take only market tp/sl and are the only pairs taking venue and rTokenTimeInForce; <BASE>USD_CM takes no preset tp/sl',
  rpiRule: 'RPI orders need the RPI permission (context: rpiPermission)',
  holdingLimitRule: 'at most 400 open orders per line (context: openOrders)',
  orderRules:
    'price is required when orderType is "limit"; position mode mapping (context: positionMode); tick and lot (context: instrument)',
  elitePairRule: 'an elite trader copy-trading key uses only the published pairs (context)',
  modeRules: 'position mode mapping (context: positionMode): hedge mode needs tradeSide',
  oneOfRequired: 'one of the listed ids is required',
  oneWayHoldSide:
    'no holdSide in one-way mode (context: positionMode): the exchange ignores it there',
  endNotBeforeStart: 'endTime is not before startTime',
  timeOrderRule: 'endTime is not before startTime',
  historyWindowRule: 'the time window is within what the history keeps',
  uniqueOrderIds: 'each order id at most once',
  uniqueClientOids: 'each clientOid at most once',
  stepRules: 'trigger and execution prices on the price step (context: instrument)',
  tickIssues: 'prices on the price step (context: instrument)',
  spotPairRule: 'rToken pairs are spot pairs: no strategy order on them under another category',
  isArray: 'each item of the list follows the single-order endpoint and its rules',
}

const general =
  'a cross-field rule of this endpoint, run by Endpoint.check of @tradeline/rules (see the TSDoc of the endpoint)'

/** A condition `if` and its consequence `then`. */
type IfThen = { readonly if: object; readonly then: object }

/**
 * The JSON Schema clauses of a rule (`anyOf` of required ids, `if`/`then`), read from what its
 * function calls; `undefined` when JSON Schema does not say the rule.
 */
function clausesOf(source: string): object[] | undefined {
  const ids = /oneOfRequired\(draft, \[([^\]]+)\]/.exec(source)
  if (ids) return [{ anyOf: [...ids[1]!.matchAll(/"(\w+)"/g)].map((m) => ({ required: [m[1]] })) }]
  const typed = /draft\.type === "(\w+)" && draft\.(\w+) === void 0/.exec(source)
  if (typed) return [when('type', typed[1]!, { required: [typed[2]] })]
  if (/orderTypeRule\(draft\)/.test(source))
    return [
      when('orderType', 'limit', { required: ['price'] }),
      when('orderType', 'market', { not: { required: ['pxAmendType'] } }),
    ]
  if (/tpslRule\(draft\)/.test(source))
    return (['tp', 'sl'] as const).map((leg) => ({
      ...when(`${leg}OrderType`, 'limit', { required: [`${leg}LimitPrice`] }),
      else: { not: { required: [`${leg}LimitPrice`] } },
    }))
  if (/orderRules\(draft, context\)/.test(source))
    return [when('orderType', 'limit', { required: ['price'] })]
  return undefined
}

/** `if field is value then ...`, for a request that has the field. */
function when(field: string, value: string, then: object): IfThen {
  return { if: { properties: { [field]: { const: value } }, required: [field] }, then }
}

/**
 * A rule's source text as written in the built rules: a function of another chunk is called by
 * its name there, where vitest's module runner reads it as a member of the import
 * (`(0,__vite_ssr_import_1__.prefix)(`), so the import's wrapping is taken off again.
 */
function sourceOf(rule: { toString(): string }): string {
  return rule
    .toString()
    .replace(/\(0,\s*__vite_ssr_import_\d+__\.(\w+)\)/g, '$1')
    .replace(/__vite_ssr_import_\d+__\.(\w+)/g, '$1')
}

/** The cross-field rules of an endpoint: its `allOf` and its `x-tradeline-rules`. */
export function rulesOf(
  endpoint: AnyEndpoint,
  properties: RuleInput['properties'] = {},
): { allOf: object[]; entries: RuleEntry[] } {
  const allOf: object[] = []
  const entries: RuleEntry[] = endpoint.rules.map((rule, index) => {
    const source = sourceOf(rule)
    const name =
      /=>\s*(?:\[\s*\.\.\.)?([a-z]\w*)\(/.exec(source)?.[1] ?? /^function (\w+)/.exec(source)?.[1]
    const usesContext = /\bcontext\b/.test(source.split('=>')[0] ?? '')
    const id = `${endpoint.id}#${index + 1}`
    const clauses = clausesOf(source)
    const described: Description | undefined = clauses
      ? { clauses }
      : usesContext
        ? { reason: contextReason(name) }
        : describeRule({ rule, source, name, properties })
    // Every rule that runs without context is written as JSON Schema or says why it cannot be.
    if (described === undefined)
      throw new Error(`${id}: describe the rule in src/crossField.ts (clauses or a reason)`)
    if ('clauses' in described) allOf.push(...described.clauses)
    const expressed = 'clauses' in described ? (described.partly ? 'partly' : true) : false
    const reason = 'reason' in described ? described.reason : described.partly
    return {
      rule: id,
      ...(name ? { name } : {}),
      description: (name && descriptions[name]) || described.says || general,
      context: usesContext,
      expressed,
      ...(reason ? { reason } : {}),
    }
  })
  if (endpoint.id === 'securities.placeOrder') {
    const extra = securitiesOrderTypes()
    allOf.push(...extra)
    entries.push({
      rule: `${endpoint.id}#order-type-fields`,
      name: 'orderTypeFields',
      description:
        'each order type requires its fields and takes no field of another order type (Securities.orderTypeFields)',
      context: false,
      expressed: true,
    })
  }
  return { allOf, entries }
}

/** Securities order types: the fields each one requires, and those it does not take. */
function securitiesOrderTypes(): IfThen[] {
  const dependent: readonly string[] = Securities.orderTypeDependentFields
  return Object.entries(Securities.orderTypeFields).map(([type, fields]) => {
    const allowed: readonly string[] = [...fields.required, ...fields.optional]
    const refused = dependent.filter((field) => !allowed.includes(field))
    return when('orderType', type, {
      ...(fields.required.length > 0 ? { required: fields.required } : {}),
      ...(refused.length > 0 ? { not: { anyOf: refused.map((f) => ({ required: [f] })) } } : {}),
    })
  })
}
