import * as v from 'valibot'
import * as Endpoint from '../Endpoint.js'
import { create, describe } from '../Issue.js'
import { oneOf } from '../internal/fields.js'
import { clientOid } from '../internal/identity.js'
import { marginCoin, productType, stpMode, symbol } from './fields.js'
import {
  holdSideRule,
  isSet,
  legTypeRule,
  optionalDecimal,
  type PlanContext,
  stepRules,
  triggerType,
} from './planFields.js'
import { tpslHoldSides } from './planValues.js'

/**
 * POST /api/v2/mix/order/place-pos-tpsl: places the take-profit and the stop-loss of a
 * position at once; a leg with a size is a `profit_plan`/`loss_plan`, without one a
 * `pos_profit`/`pos_loss` of the whole position
 * (https://www.bitget.com/api-doc/contract/plan/Place-Pos-Tpsl-Order).
 *
 * @example
 * import { ClassicFutures, Endpoint } from '@tradeline/rules'
 * Endpoint.check(ClassicFutures.placePosTpsl, {
 *   marginCoin: 'USDT', productType: 'USDT-FUTURES', symbol: 'BTCUSDT', holdSide: 'buy',
 * }).issues?.[0]?.path
 * // ['stopSurplusTriggerPrice']
 */
export const placePosTpsl = /* @__PURE__ */ Endpoint.define({
  id: 'classic.placePosTpsl',
  method: 'POST',
  path: '/api/v2/mix/order/place-pos-tpsl',
  auth: true,
  schema: () =>
    v.strictObject({
      marginCoin,
      productType,
      symbol,
      stopSurplusTriggerPrice: v.optional(optionalDecimal),
      stopSurplusSize: v.optional(optionalDecimal),
      stopSurplusTriggerType: v.optional(triggerType),
      stopSurplusExecutePrice: v.optional(optionalDecimal),
      stopLossTriggerPrice: v.optional(optionalDecimal),
      stopLossSize: v.optional(optionalDecimal),
      stopLossTriggerType: v.optional(triggerType),
      stopLossExecutePrice: v.optional(optionalDecimal),
      holdSide: oneOf(tpslHoldSides),
      stpMode: v.optional(stpMode),
      stopSurplusClientOid: v.optional(clientOid),
      stopLossClientOid: v.optional(clientOid),
    }),
  rules: [
    (draft) =>
      isSet(draft.stopSurplusTriggerPrice) || isSet(draft.stopLossTriggerPrice)
        ? []
        : [
            create({
              type: 'one_of',
              path: ['stopSurplusTriggerPrice'],
              expected: 'one of stopSurplusTriggerPrice, stopLossTriggerPrice',
              received: describe(draft.stopSurplusTriggerPrice),
              message:
                'stopSurplusTriggerPrice: one of stopSurplusTriggerPrice or stopLossTriggerPrice is required',
            }),
          ],
    (draft) => [...legTypeRule(draft, 'stopSurplus'), ...legTypeRule(draft, 'stopLoss')],
    (draft, context: placePosTpsl.Context) => holdSideRule(draft.holdSide, context.positionMode),
    (draft, context: placePosTpsl.Context) =>
      stepRules(
        draft,
        context.instrument,
        [
          'stopSurplusTriggerPrice',
          'stopSurplusExecutePrice',
          'stopLossTriggerPrice',
          'stopLossExecutePrice',
        ],
        ['stopSurplusSize', 'stopLossSize'],
      ),
  ],
})

export declare namespace placePosTpsl {
  /** The request as a caller writes it. */
  type Parameters = Endpoint.InputOf<typeof placePosTpsl>
  /** The request as it is sent. */
  type Request = Endpoint.OutputOf<typeof placePosTpsl>
  /** What the caller knows: the instrument and the position mode. */
  type Context = PlanContext
}
