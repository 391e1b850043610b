import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { countdownResponse } from '../schemas/ack.js'

/**
 * Arms, refreshes or disables the countdown (dead-man) switch
 * (POST /api/v3/trade/countdown-cancel-all): `countdown` is `'0'` or 5 to 60 seconds; when the
 * window elapses without another call, every order of the unified account is cancelled.
 *
 * @example
 * import { createUnifiedClient, setCountdown } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await setCountdown(client, { countdown: '10' }) // 'success'
 */
export async function setCountdown(
  client: ClientBase,
  parameters: setCountdown.Parameters,
  options: setCountdown.Options = {},
): Promise<setCountdown.ReturnType> {
  requireArgument(Unified.countdownCancelAll, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.countdownCancelAll, parameters, countdownResponse, options)
}

export declare namespace setCountdown {
  /** `countdown`: seconds as a string, `'0'` or 5 to 60. */
  type Parameters = Unified.countdownCancelAll.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** The exchange's answer (a string). */
  type ReturnType = string
  /** What the call may throw. */
  type ErrorType = WriteErrorType
}

/**
 * Arms (or refreshes) the countdown switch with a window of 5 to 60 seconds.
 *
 * @example
 * import { armCountdown, createUnifiedClient } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await armCountdown(client, 10) // 'success'
 */
export async function armCountdown(
  client: ClientBase,
  seconds: number | string,
  options: setCountdown.Options = {},
): Promise<setCountdown.ReturnType> {
  // Only a number is turned into text: anything else goes to the rules as it is, which refuse it
  // by name (String() of some objects throws a TypeError).
  const countdown = typeof seconds === 'number' ? String(seconds) : seconds
  return setCountdown(client, { countdown } as setCountdown.Parameters, options)
}

/**
 * Disables the countdown switch (`countdown: '0'`).
 *
 * @example
 * import { createUnifiedClient, disarmCountdown } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * await disarmCountdown(client) // 'success'
 */
export async function disarmCountdown(
  client: ClientBase,
  options: setCountdown.Options = {},
): Promise<setCountdown.ReturnType> {
  return setCountdown(client, { countdown: '0' }, options)
}
