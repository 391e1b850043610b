/**
 * The error codes of the unified account as the sandbox answers them: the exchange's codes
 * where the exchange docs lists one, sandbox choices (documented in the README) elsewhere, and the
 * mapping of a rules issue to its code.
 */
import type { Issue } from '@tradeline/rules'
import type { Failure } from '../envelope.js'

/**
 * The failures of the exchange model, by name (codes in the README).
 *
 * @example
 * import { failures } from '@tradeline/sandbox'
 * failures.notFound.code // '43001'
 */
export const failures = {
  balance: { code: '40762', msg: 'The order size is greater than the max open size' },
  mode: {
    code: '40774',
    msg: 'The order type for unilateral position must also be the unilateral position type.',
  },
  price: { code: '41103', msg: 'param price scale error' },
  size: { code: '40808', msg: 'Parameter verification exception size checkBDScale error' },
  holding: { code: '43122', msg: 'The number of open orders exceeds the holding limit' },
  noPosition: { code: '22002', msg: 'No position to close' },
  notFound: { code: '43001', msg: 'The order does not exist' },
  duplicate: { code: '43118', msg: 'Duplicate clientOid' },
  closed: { code: '43020', msg: 'The order is filled or cancelled' },
  inFlight: { code: '43021', msg: 'A modification of this order is in progress' },
  autoCancelled: { code: '43022', msg: 'The order was cancelled by autoCancel' },
  belowFilled: { code: '43023', msg: 'The quantity cannot be below the filled quantity' },
  reduceOnly: { code: '43024', msg: 'Reduce-only orders cannot be modified' },
  band: { code: '43025', msg: 'The price is out of the limit range' },
  tooMany: { code: '429', msg: 'Too Many Requests', status: 429 },
  // account settings and margin (UTA error codes)
  leverage: { code: '25223', msg: 'Exceeds Max. leverage' },
  holdMode: { code: '25010', msg: 'Unsupported position mode switch' },
  // set-margin (UTA error codes; the page lists none of its own, README "Account settings")
  noMarginPosition: { code: '25227', msg: 'No position available to close' },
  crossedMargin: { code: '25240', msg: 'Crossed margin position does not support this operation' },
  insufficientBalance: { code: '25202', msg: 'Insufficient balance' },
} as const satisfies Record<string, Failure>

/**
 * set-margin removing more than the isolated position can give back: UTA `25242` "The maximum
 * reducible amount is {0}{1}." with the amount and the margin coin.
 *
 * @example
 * import { maxReducible } from '@tradeline/sandbox'
 * maxReducible('500', 'USDT').msg // 'The maximum reducible amount is 500USDT.'
 */
export function maxReducible(amount: string, coin: string): Failure {
  return { code: '25242', msg: `The maximum reducible amount is ${amount}${coin}.` }
}

/**
 * The failures of the classic futures account (`/api/v2/mix`) where its codes differ from the
 * unified account's: the exchange's v2 futures codes as public clients record them (sources and
 * choices in the README, "Classic account").
 *
 * @example
 * import { classicFailures } from '@tradeline/sandbox'
 * classicFailures.duplicate.code // '40786'
 */
export const classicFailures = {
  duplicate: { code: '40786', msg: 'Duplicate clientOid' },
  insufficientPosition: { code: '40757', msg: 'Not enough position is available' },
  notFound: { code: '40768', msg: 'Order does not exist' },
  detailNotFound: {
    code: '40109',
    msg: 'The data of the order cannot be found, please confirm the order number',
  },
  notCancellable: { code: '45055', msg: 'The current order status cannot be cancelled' },
  marginMode: {
    code: '45117',
    msg: 'Currently holding positions or orders, the margin mode cannot be adjusted',
  },
  notModifiable: {
    code: '40017',
    msg: 'parameter verification failed: only pending limit orders in new status can be modified',
  },
  // account settings and margin
  positionMode: {
    code: '40920',
    msg: 'Position or order exists, the position mode cannot be switched',
  },
  crossAutoMargin: {
    code: '22011',
    msg: 'It is not allowed to set auto add margin in cross mode',
  },
  leverage: (max: string): Failure => ({
    code: '40797',
    msg: `Exceeded the maximum settable leverage (${max})`,
  }),
} as const satisfies Record<string, Failure | ((max: string) => Failure)>

/**
 * The exchange's answer to a symbol it does not list (in the category asked): `40034`
 * `Parameter <symbol> does not exist`, as public bots record it from the live and demo
 * exchanges (bitget-api names `40034` PARAMETER_DOES_NOT_EXIST).
 *
 * @example
 * import { unknownSymbol } from '@tradeline/sandbox'
 * unknownSymbol('DOGEUSDT') // { code: '40034', msg: 'Parameter DOGEUSDT does not exist' }
 */
export function unknownSymbol(symbol: string): Failure {
  return { code: '40034', msg: `Parameter ${symbol} does not exist` }
}

/** Every price a rules tick or precision issue can name: orders, presets and strategy legs. */
const priceFields = new Set([
  'price',
  'takeProfit',
  'stopLoss',
  'tpLimitPrice',
  'slLimitPrice',
  'triggerPrice',
  'triggerOrderPrice',
  'ocoLimitPrice',
  'ocoTriggerPrice',
  'ocoOrderPrice',
  'activationPrice',
  'preOrderPrice',
  'fixedPrice',
  'priceLimit',
  'twapTriggerPrice',
  'twapTerminationPrice',
  // classic futures
  'newPrice',
  'presetStopSurplusPrice',
  'presetStopLossPrice',
  'presetStopSurplusExecutePrice',
  'presetStopLossExecutePrice',
  'newPresetStopSurplusPrice',
  'newPresetStopLossPrice',
])

/** Every quantity a rules step or minimum issue can name: unified `qty`, classic sizes. */
const sizeFields = new Set(['qty', 'size', 'newSize'])

/**
 * The failure of a rules issue: `40774` for the position-mode issue of rule 4 (classic rule 1:
 * `tradeSide`, `reduceOnly`), `41103` for a
 * price off its step or precision, `40808` for a quantity off its step, precision or minimum
 * (`45110` for a classic order below its minimum value, see `classicMinimumValue` below),
 * `43122` for the holding limit, `40017` with the issue's message otherwise.
 *
 * @example
 * import { issueFailure } from '@tradeline/sandbox'
 * issueFailure({ type: 'tick', path: ['price'], expected: '', received: '', message: 'price: x' }).code // '41103'
 */
export function issueFailure(issue: Issue.Issue): Failure {
  const field = [...issue.path].reverse().find((part) => typeof part === 'string')
  if (
    (field === 'posSide' || field === 'reduceOnly' || field === 'tradeSide') &&
    (issue.type === 'forbidden' || issue.type === 'missing') &&
    /mode/.test(issue.expected)
  )
    return failures.mode
  if (/holding limit/.test(issue.message)) return failures.holding
  if (issue.type === 'minimum' && (field === 'size' || field === 'newSize')) {
    // A classic limit order worth less than minTradeUSDT, its size otherwise right: 45110.
    const value = /^an order value of at least (\S+) (\S+) /.exec(issue.expected)
    if (value) return classicMinimumValue(value[1] as string, value[2] as string)
  }
  if (
    issue.type === 'tick' ||
    issue.type === 'precision' ||
    issue.type === 'lot' ||
    issue.type === 'minimum'
  ) {
    if (typeof field === 'string' && priceFields.has(field)) return failures.price
    if (typeof field === 'string' && sizeFields.has(field)) return failures.size
  }
  return parameterFailure(issue.message)
}

/**
 * A classic order worth less than the contract's minimum value (`minTradeUSDT`): `45110`
 * `less than the minimum amount 5 USDT`, the code and message ccxt's Bitget error table records
 * from the live exchange (`{"code":"45110","msg":"less than the minimum amount 5 USDT"}`). The
 * coin is the one the value is in, as the rules name it: USDC on a USDC-FUTURES contract.
 */
function classicMinimumValue(minimum: string, coin: string): Failure {
  return { code: '45110', msg: `less than the minimum amount ${minimum} ${coin}` }
}

/** The 40017 failure of a parameter, with the message naming it and the rule. */
export function parameterFailure(message: string): Failure {
  return { code: '40017', msg: `parameter verification failed: ${message}` }
}
