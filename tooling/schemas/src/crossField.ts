/**
 * How each cross-field rule of the rules becomes JSON Schema, or why it cannot: a declarative
 * description per rule, found by the rule's name or by what its source calls. Lists the rule
 * keeps to itself (the fields of each strategy type, the futures-only fields, what an rToken
 * pair refuses) are read by asking the rule (`refusedUnder`), so the rules stay the one source.
 * `rules.ts` puts the clauses in the request schema's `allOf` and the reason in
 * `x-tradeline-rules`; the rules' agreement test fails when a rule said to be expressed refuses
 * a request its clauses accept.
 */
import { Category, ProductLine, StrategySupport } from '@tradeline/rules'
import {
  allOf,
  anyOf,
  type Clause,
  eachItem,
  given,
  has,
  is,
  matches,
  none,
  nonZero,
  not,
  oneOfPattern,
  when,
} from './clauses.js'
import type { AnyEndpoint } from './endpoints.js'
import { reasons } from './reasons.js'

type JsonObject = Record<string, unknown>
type Rule = AnyEndpoint['rules'][number]

/** What a rule is in JSON Schema: clauses (all of it, or `partly` with what is left), or a reason. */
export type Description = (
  | { readonly clauses: readonly Clause[]; readonly partly?: string | undefined }
  | { readonly reason: string }
) & {
  /** What the rule checks, for a rule whose name does not say it. */
  readonly says?: string | undefined
}

/** What a description reads: the rule, its source text and the request's field schemas. */
export type RuleInput = {
  readonly rule: Rule
  readonly source: string
  readonly name: string | undefined
  readonly properties: Readonly<Record<string, JsonObject>>
}

const cap = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

/** The strategy type is `type`, or omitted when `type` defaults to it. */
function typeIs(properties: RuleInput['properties'], type: string): Clause {
  return properties.type?.default === type
    ? anyOf(not(has('type')), is('type', type))
    : is('type', type)
}

/** The enumerated values of a field schema (sent as written, or in any case). */
function enumOf(schema: JsonObject | undefined): readonly string[] | undefined {
  return (schema?.enum ?? schema?.['x-tradeline-enum']) as readonly string[] | undefined
}

/** The first field of each issue the rule finds in a draft. */
function refusals(rule: Rule, draft: JsonObject): Set<string> {
  return new Set((rule(draft as never, {} as never) ?? []).map((issue) => String(issue.path[0])))
}

/**
 * What the rule refuses next to `field: probe`: for every other field, the values it refuses
 * (each enumerated value, or any text), as one clause saying none of them is sent.
 */
function refusedUnder(
  { rule, properties }: RuleInput,
  field: string,
  probe: string,
  skip: readonly string[] = [],
): Clause | undefined {
  const refused: Clause[] = []
  for (const [key, schema] of Object.entries(properties)) {
    if (key === field || skip.includes(key)) continue
    const values = enumOf(schema) ?? ['1']
    const hits = values.filter((value) => refusals(rule, { [field]: probe, [key]: value }).has(key))
    if (hits.length === values.length) refused.push(has(key))
    else if (hits.length > 0) refused.push(is(key, ...hits))
  }
  return refused.length > 0 ? not(anyOf(...refused)) : undefined
}

/** `priceWithLimit(draft, type, price, default)`: a price with a limit type, and only then. */
function priceWithLimit(type: string, price: string, fallback: string | undefined): Clause {
  const otherwise = fallback === 'market' ? not(has(price)) : when(has(type), not(has(price)))
  return when(is(type, 'limit'), has(price), otherwise)
}

/** rToken pairs are spot pairs: refused under any other category. */
const spotPair = not({
  required: ['category', 'symbol'],
  properties: {
    category: { not: { pattern: oneOfPattern(['SPOT']) } },
    symbol: { pattern: ProductLine.rTokenPattern.source },
  },
})

const futures = Category.futuresCategories
const rToken = (field: string) => matches(field, ProductLine.rTokenPattern)
const coinMargined = (field: string) => matches(field, ProductLine.coinMarginedPattern)

/** Rules known by the name of the function they call. */
const byName: Record<string, (input: RuleInput) => Description> = {
  endNotBeforeStart: () => ({ reason: reasons.compare }),
  timeOrderRule: () => ({ reason: reasons.compare }),
  historyWindowRule: () => ({ reason: reasons.span }),
  uniqueOrderIds: () => ({ reason: reasons.unique }),
  uniqueClientOids: () => ({ reason: reasons.unique }),
  spotPairRule: () => ({ clauses: [spotPair] }),
  categoryRule: (input) => ({
    clauses: [
      spotPair,
      ...Category.categories.flatMap((category) => {
        const refused = refusedUnder(input, 'category', category, ['symbol'])
        return refused ? [when(is('category', category), refused)] : []
      }),
    ],
  }),
  productLineRule: (input) => {
    const classes: [Clause, string][] = [
      [rToken('symbol'), 'rAAPLUSDT'],
      [coinMargined('symbol'), 'BTCUSD_CM'],
      [allOf(has('symbol'), not(rToken('symbol')), not(coinMargined('symbol'))), 'BTCUSDT'],
    ]
    return {
      clauses: classes.flatMap(([condition, probe]) => {
        const refused = refusedUnder(input, 'symbol', probe, ['category'])
        return refused ? [when(condition, refused)] : []
      }),
    }
  },
  modifiableRule: () => ({
    says: 'orders of rToken pairs and of the coin-margined new line cannot be modified',
    clauses: [not(anyOf(rToken('symbol'), coinMargined('symbol')))],
  }),
  modifyTpslRule: () => ({
    says: 'trigger sources for futures only; no tp/sl limit price next to a "market" tp/sl order type',
    clauses: [
      when(
        allOf(has('category'), not(is('category', ...futures))),
        not(anyOf(given('tpTriggerBy'), given('slTriggerBy'))),
      ),
      ...['tp', 'sl'].map((leg) =>
        when(is(`${leg}OrderType`, 'market'), not(given(`${leg}LimitPrice`))),
      ),
    ],
  }),
  someLeverage: () => ({
    says: 'a leverage: leverage, or longLeverage/shortLeverage',
    clauses: [anyOf(has('leverage'), has('longLeverage'), has('shortLeverage'))],
  }),
  leverageTarget: () => ({
    says: 'coin for MARGIN, symbol otherwise',
    clauses: [when(is('category', 'MARGIN'), has('coin'), has('symbol'))],
  }),
  isolatedLeverage: () => ({
    says: 'marginMode isolated for futures only; longLeverage/shortLeverage only with it',
    clauses: [
      when(is('category', 'MARGIN'), not(is('marginMode', 'isolated'))),
      when(
        not(is('marginMode', 'isolated')),
        not(anyOf(given('longLeverage'), given('shortLeverage'))),
      ),
    ],
  }),
  fixedNamesHolding: () => ({
    says: 'orderId (the fixed-term holding) when periodType is fixed',
    clauses: [when(is('periodType', 'fixed'), has('orderId'))],
  }),
  transferRules: ({ properties }) => ({
    says: 'toType other than fromType; symbol with an isolated margin account',
    clauses: [
      ...(enumOf(properties.fromType) ?? []).map((account) =>
        when(is('fromType', account), not(is('toType', account))),
      ),
      when(
        anyOf(is('fromType', 'isolated_margin'), is('toType', 'isolated_margin')),
        has('symbol'),
      ),
    ],
  }),
  withdrawRules: () => ({
    says: 'chain with an on_chain withdrawal; areaCode with a mobile number',
    clauses: [
      when(is('transferType', 'on_chain'), has('chain')),
      when(is('innerToType', 'mobile'), has('areaCode')),
    ],
  }),
  legTypeRule: ({ source }) => ({
    says: 'a trigger type with each take-profit/stop-loss trigger price',
    clauses: [...source.matchAll(/legTypeRule\(draft, "(\w+)"(?:, "(\w+)")?\)/g)].map(
      ([, leg, prefix]) => {
        const field = (kind: string) =>
          prefix ? `${prefix}${cap(leg!)}Trigger${kind}` : `${leg}Trigger${kind}`
        return when(nonZero(field('Price')), given(field('Type')))
      },
    ),
  }),
  isSet: ({ source }) => ({
    says: 'a take-profit or a stop-loss trigger price',
    clauses: [anyOf(...[...source.matchAll(/isSet\(draft\.(\w+)\)/g)].map(([, f]) => nonZero(f!)))],
  }),
  presetsWithoutSizeOrPrice: () => ({
    says: 'no take-profit/stop-loss next to a size or price change',
    clauses: [
      when(
        anyOf(given('newSize'), given('newPrice')),
        not(anyOf(given('newPresetStopSurplusPrice'), given('newPresetStopLossPrice'))),
      ),
    ],
  }),
  planTypeRules: () => ({
    says: 'the fields of a normal_plan and of a track_plan',
    clauses: [
      when(
        is('planType', 'normal_plan'),
        allOf(
          when(is('orderType', 'limit'), has('price')),
          when(is('orderType', 'market'), not(has('price'))),
          not(given('callbackRatio')),
        ),
      ),
      when(
        is('planType', 'track_plan'),
        allOf(
          none('price'),
          not(is('orderType', 'limit')),
          nonZero('callbackRatio'),
          ...['stopSurplus', 'stopLoss'].flatMap((leg) => [
            not(given(`${leg}ExecutePrice`)),
            not(is(`${leg}TriggerType`, 'mark_price')),
          ]),
        ),
      ),
    ],
    partly: `callbackRatio and the trigger ratios of a track_plan within their ranges: ${reasons.range}`,
  }),
  tpslTypeRules: () => ({
    says: 'the size and rangeRate of each tp/sl plan type',
    clauses: [
      when(
        has('planType'),
        allOf(
          when(is('planType', 'pos_profit', 'pos_loss'), not(nonZero('size')), nonZero('size')),
          when(
            is('planType', 'moving_plan'),
            allOf(nonZero('rangeRate'), not(nonZero('executePrice'))),
            not(nonZero('rangeRate')),
          ),
        ),
      ),
    ],
    partly: `rangeRate of a moving_plan within its range: ${reasons.range}`,
  }),
  trackRules: () => ({
    says: 'the fields a normal_plan or a track_plan may change',
    clauses: [
      when(is('planType', 'normal_plan'), not(given('newCallbackRatio'))),
      when(
        is('planType', 'track_plan'),
        not(
          anyOf(
            given('newPrice'),
            given('newStopSurplusExecutePrice'),
            given('newStopLossExecutePrice'),
          ),
        ),
      ),
    ],
    partly: `newCallbackRatio of a track_plan within its range: ${reasons.range}`,
  }),
  prefix: ({ source }) => {
    const list = /\(draft\.(\w+) \?\? \[\]\)\.flatMap/.exec(source)?.[1]
    const ids = [...source.matchAll(/(\w+): item\$?\d*\?\.\1 === ""/g)].map(([, f]) => f!)
    if (!list || ids.length === 0) throw new Error(`prefix: unread rule ${source}`)
    return {
      says: `each item of ${list} names ${ids.join(' or ')}`,
      clauses: [eachItem(list, anyOf(...ids.map(given)))],
    }
  },
}

/** Rules known by what their source says (functions without a name of their own). */
const bySource: readonly (readonly [
  RegExp,
  (input: RuleInput, m: RegExpExecArray) => Description,
])[] = [
  [
    /days after startTime/,
    () => ({ reason: reasons.span, says: 'endTime at most so many days after startTime' }),
  ],
  [
    /not before startTime|at or after startTime|Number\(from\) <= Number\(to\)/,
    () => ({ reason: reasons.compare, says: 'endTime not before startTime' }),
  ],
  [
    /trailVarianceRatio/,
    () => ({ reason: reasons.range, says: 'a ratio trailVariance within the range of its line' }),
  ],
  [
    /draft\.(\w+) !== void 0 && draft\.(\w+) === void 0 \?/,
    (_, [, a, b]) => ({ clauses: [when(has(a!), has(b!))], says: `${b} is required with ${a}` }),
  ],
  [
    /given\$?\d*\(draft\.(\w+)\) && !given\$?\d*\(draft\.(\w+)\)/,
    (_, [, a, b]) => ({
      clauses: [when(given(a!), given(b!))],
      says: `${b} is required with ${a}`,
    }),
  ],
  [
    /draft\.orderType === "limit" && draft\[field\] === void 0/,
    ({ rule }) => ({
      says: 'a price is required when orderType is "limit"',
      clauses: [...refusals(rule, { orderType: 'limit' })].map((field) =>
        when(is('orderType', 'limit'), has(field)),
      ),
    }),
  ],
  [
    /modifiableFields\.some/,
    ({ rule, properties }) => ({
      says: 'at least one field to change',
      clauses: [
        anyOf(
          ...Object.keys(properties)
            .filter((k) => refusals(rule, { [k]: '1' }).size === 0)
            .map((k) => has(k)),
        ),
      ],
    }),
  ],
  [
    /draft\.(\w+) === "market" && draft\.(\w+) !== void 0/,
    ({ source }) => ({
      says: 'no limit price next to a "market" order type of the same leg',
      clauses: [...source.matchAll(/draft\.(\w+) === "market" && draft\.(\w+) !== void 0/g)].map(
        ([, type, price]) => when(is(type!, 'market'), not(has(price!))),
      ),
    }),
  ],
  [
    /supportedTypes\(/,
    () => ({
      says: 'the strategy support matrix: each type only under the categories that support it',
      clauses: unsupportedStrategies(),
    }),
  ],
  [
    /isCoinMargined\(draft\.symbol\)/,
    () => ({
      says: 'no strategy order on the coin-margined new line (<BASE>USD_CM)',
      clauses: [not(coinMargined('symbol'))],
    }),
  ],
  [
    /fieldsOf\[type\]/,
    (input) => ({
      says: 'no field of another strategy type (type defaults to tpsl)',
      clauses: StrategySupport.types.flatMap((type) => {
        const refused = refusedUnder(input, 'type', type)
        return refused ? [when(typeIs(input.properties, type), refused)] : []
      }),
    }),
  ],
  [
    /effective only when type=tpsl/,
    () => ({
      says: 'clientOid only for type tpsl',
      clauses: [when(allOf(has('type'), not(is('type', 'tpsl'))), not(has('clientOid')))],
    }),
  ],
  [
    /draft\.tpslMode !== "partial"/,
    ({ properties }) => ({
      says: 'qty is required for a partial tpsl',
      clauses: [when(allOf(typeIs(properties, 'tpsl'), is('tpslMode', 'partial')), has('qty'))],
    }),
  ],
  [
    /one of takeProfit or stopLoss/,
    ({ properties }) => ({
      says: 'takeProfit or stopLoss for a tpsl',
      clauses: [when(typeIs(properties, 'tpsl'), anyOf(has('takeProfit'), has('stopLoss')))],
    }),
  ],
  [
    /draft\.type !== "(\w+)"[\s\S]*priceWithLimit\(/,
    ({ source, properties }, [, type]) => ({
      says: `a limit price with a limit order type and only then (type ${type})`,
      clauses: [
        when(
          typeIs(properties, type!),
          allOf(
            ...[...source.matchAll(/priceWithLimit\(draft, "(\w+)", "(\w+)"(?:, "(\w+)")?\)/g)].map(
              ([, t, p, fallback]) => priceWithLimit(t!, p!, fallback),
            ),
          ),
        ),
      ],
    }),
  ],
  [
    /draft\.type !== "(\w+)"[\s\S]*\.\.\.draft\.\w+ === void 0 \? \[missing/,
    ({ source, properties }, [, type]) => ({
      says: `the fields a ${type} order requires`,
      clauses: [
        when(
          typeIs(properties, type!),
          has(...[...source.matchAll(/draft\.(\w+) === void 0 \? \[missing/g)].map(([, f]) => f!)),
        ),
      ],
    }),
  ],
  [
    /spot supports only market/,
    () => ({
      says: 'a spot trailing stop activates at market only',
      clauses: [
        when(
          allOf(is('type', 'trailing_stop'), is('category', 'SPOT')),
          eachItem('trailingStopParams', is('activationType', 'market')),
        ),
      ],
    }),
  ],
]

/** The description of a context-free rule; `undefined` when none is written for it. */
export function describeRule(input: RuleInput): Description | undefined {
  const named = input.name === undefined ? undefined : byName[input.name]
  if (named) return named(input)
  for (const [pattern, describe] of bySource) {
    const m = pattern.exec(input.source)
    if (m) return describe(input, m)
  }
  return undefined
}

/** The strategy support matrix: one clause per type and category that do not go together. */
export function unsupportedStrategies(): Clause[] {
  return StrategySupport.types.flatMap((type) =>
    Object.entries(StrategySupport.matrix[type])
      .filter(([, supported]) => !supported)
      .map(([category]) =>
        not({
          required: ['type', 'category'],
          properties: { type: { const: type }, category: { pattern: oneOfPattern([category]) } },
        }),
      ),
  )
}
