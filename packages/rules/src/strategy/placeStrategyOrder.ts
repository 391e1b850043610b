import * as v from 'valibot'
import { isFutures } from '../Category.js'
import * as Endpoint from '../Endpoint.js'
import { create, describe, type Issue } from '../Issue.js'
import * as PositionMode from '../PositionMode.js'
import { isCoinMargined } from '../ProductLine.js'
import * as StrategySupport from '../StrategySupport.js'
import { reduceOnlyRule, spotPairRule } from '../unified/placeOrder.rules.js'
import { type Context, commonEntries, forbidden } from './common.js'
import { icebergEntries, icebergRules } from './iceberg.js'
import { ocoEntries, ocoRules } from './oco.js'
import { tpslEntries, tpslRules } from './tpsl.js'
import { trailingStopEntries, trailingStopRules } from './trailingStop.js'
import { triggerEntries, triggerRules } from './trigger.js'
import { twapEntries, twapRules } from './twap.js'

const schema = () =>
  v.strictObject({
    ...commonEntries,
    ...tpslEntries,
    ...triggerEntries,
    ...ocoEntries,
    ...trailingStopEntries,
    ...icebergEntries,
    ...twapEntries,
  })

type Rule = Endpoint.Rule<v.InferOutput<ReturnType<typeof schema>>, Context>

/** The fields that belong to one type; the common fields belong to all. */
const fieldsOf: Record<StrategySupport.Type, readonly string[]> = {
  tpsl: Object.keys(tpslEntries),
  trigger: Object.keys(triggerEntries),
  oco: Object.keys(ocoEntries),
  trailing_stop: Object.keys(trailingStopEntries),
  iceberg: Object.keys(icebergEntries),
  twap: Object.keys(twapEntries),
}

/** The "Support by category" table: the reason a form shows is the issue's message. */
const supported: Rule = (draft) => {
  if (draft.type === undefined || draft.category === undefined) return []
  const reason = StrategySupport.reason(draft.type, draft.category)
  if (reason === undefined) return []
  return [
    create({
      type: 'unsupported',
      path: ['type'],
      expected: `one of ${StrategySupport.supportedTypes(draft.category).join(', ')} (types supported for ${draft.category})`,
      received: describe(draft.type),
      message: `type: ${reason}`,
    }),
  ]
}

/** unified order rule 7: the coin-margined new line (`<BASE>USD_CM`) takes no strategy orders. */
const coinMargined: Rule = (draft) => {
  if (draft.symbol === undefined || !isCoinMargined(draft.symbol)) return []
  return [
    create({
      type: 'unsupported',
      path: ['symbol'],
      expected: 'a symbol outside the coin-margined new line (<BASE>USD_CM)',
      received: describe(draft.symbol),
      message: `symbol: strategy orders are not supported for coin-margined symbols of the new line (${draft.symbol})`,
    }),
  ]
}

/** rToken pairs are spot pairs: no strategy order on them under another category. */
const spotPair: Rule = (draft) => spotPairRule(draft)

/** A field of another type is a sign of a wrong `type` (or a forgotten one: it defaults to tpsl). */
const otherTypeFields: Rule = (draft) => {
  const type = draft.type
  if (type === undefined) return []
  const own = new Set(fieldsOf[type])
  const issues: Issue[] = []
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined || key in commonEntries || own.has(key)) continue
    const owners = StrategySupport.types.filter((t) => fieldsOf[t].includes(key))
    issues.push(
      forbidden(
        [key],
        value,
        `a field of type=${owners.join(' or ')}; type is ${type}${type === 'tpsl' ? ', the default when omitted' : ''}`,
      ),
    )
  }
  return issues
}

/**
 * "clientOid: effective only when type=tpsl". A clientOid that the exchange drops could not
 * find the order again (reconciliation queries by clientOid), so other types refuse it.
 */
const clientOidOnlyTpsl: Rule = (draft) => {
  if (draft.type === undefined || draft.type === 'tpsl' || draft.clientOid === undefined) return []
  return [forbidden(['clientOid'], draft.clientOid, 'effective only when type=tpsl')]
}

/**
 * "side: position-direction mapping as in place-order rule 4": in hedge mode `posSide` is
 * required and `reduceOnly` refused, in one-way mode `posSide` is refused; `posSide` and
 * `reduceOnly` `yes` are for futures only (spot and margin have no position mode).
 */
const positionMode: Rule = (draft, context) => {
  if (draft.category === undefined) return []
  if (!isFutures(draft.category))
    return [
      ...(draft.posSide === undefined
        ? []
        : [forbidden(['posSide'], draft.posSide, 'futures only')]),
      ...reduceOnlyRule(draft),
    ]
  if (context.positionMode === undefined) return []
  return PositionMode.checkUnified(
    {
      ...(draft.side === undefined ? {} : { side: draft.side }),
      ...(draft.posSide === undefined ? {} : { posSide: draft.posSide }),
      ...(draft.reduceOnly === undefined ? {} : { reduceOnly: draft.reduceOnly }),
    },
    context.positionMode,
  )
}

/**
 * POST /api/v3/trade/place-strategy-order: creates a strategy order of one of six types
 * (`tpsl` by default), each with its own fields, on the categories that support the type.
 *
 * @example
 * import { Endpoint, Strategy } from '@tradeline/rules'
 * Endpoint.check(Strategy.placeStrategyOrder, {
 *   category: 'usdt-futures', symbol: 'BTCUSDT', posSide: 'long', stopLoss: '58000',
 * }, { positionMode: 'hedge' }).output
 * // { category: 'USDT-FUTURES', symbol: 'BTCUSDT', type: 'tpsl', posSide: 'long', stopLoss: '58000' }
 */
export const placeStrategyOrder = Endpoint.define<ReturnType<typeof schema>, Context>({
  id: 'strategy.placeStrategyOrder',
  method: 'POST',
  path: '/api/v3/trade/place-strategy-order',
  auth: true,
  schema,
  rules: [
    supported,
    coinMargined,
    spotPair,
    otherTypeFields,
    clientOidOnlyTpsl,
    positionMode,
    ...tpslRules,
    ...triggerRules,
    ...ocoRules,
    ...trailingStopRules,
    ...icebergRules,
    ...twapRules,
  ],
})

export declare namespace placeStrategyOrder {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placeStrategyOrder>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placeStrategyOrder>
  /** What the rules may know beyond the request: instrument, position mode, last price. */
  type Context = Endpoint.ContextOf<typeof placeStrategyOrder>
}
