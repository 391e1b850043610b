/**
 * The type check every client's `errorTypes.test-d.ts` shares, over a map of action name to its
 * `ErrorType` (`{ placeOrder: client.placeOrder.ErrorType, ... }`): that file is then the list of
 * the client's actions and one assertion.
 *
 * @example
 * import type { ErrorTypeFailures } from '@tradeline/fuzz/errorTypes'
 * import { expectTypeOf, test } from 'vitest'
 * import type * as client from './index.js'
 *
 * type ErrorTypes = { getAccount: client.getAccount.ErrorType }
 * test('ErrorType of every action', () => {
 *   expectTypeOf<ErrorTypeFailures<ErrorTypes>>().toBeNever()
 * })
 */

/**
 * The actions whose `ErrorType` fails a check, each as `<check>: <action>` (`never` when every
 * action passes): `unnamed`, a member has no literal `name` (a bare `BaseError`, whose name is any
 * string, makes the union unnarrowable); `without refusals`, the union lacks the refusal of bad
 * input (`ValidationError`) or of the exchange (`ApiError`).
 */
export type ErrorTypeFailures<errors extends { [action in keyof errors]: { name: string } }> =
  | `unnamed: ${UnnamedErrorTypes<NamesOf<errors>> & string}`
  | `without refusals: ${WithoutRefusals<NamesOf<errors>> & string}`

/** The `name` of every member of each action's `ErrorType`. */
type NamesOf<errors extends { [action in keyof errors]: { name: string } }> = {
  [action in keyof errors]: errors[action]['name']
}

/** Actions whose `ErrorType` has no literal `name` (a bare `BaseError`): it cannot be narrowed. */
export type UnnamedErrorTypes<names> = {
  [action in keyof names]: string extends names[action] ? action : never
}[keyof names]

/** Actions whose `ErrorType` lacks the refusal of bad input (`ValidationError`) or of the exchange (`ApiError`). */
export type WithoutRefusals<names> = {
  [action in keyof names]: 'ValidationError' | 'ApiError' extends names[action] ? never : action
}[keyof names]
