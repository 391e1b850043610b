/**
 * Type checks every client's `errorTypes.test-d.ts` shares, over a map of action name to the
 * `name` of its `ErrorType` (`{ placeOrder: placeOrder.ErrorType['name'], ... }`). Each is
 * `never` when every action passes, else the names of the actions that fail.
 */

/** Actions whose `ErrorType` has no literal `name` (a bare `BaseError`): it cannot be narrowed. */
export type UnnamedErrorTypes<names> = {
  [action in keyof names]: string extends names[action] ? action : never
}[keyof names]

/** Actions whose `ErrorType` lacks the refusal of bad input (`ValidationError`) or of the exchange (`ApiError`). */
export type WithoutRefusals<names> = {
  [action in keyof names]: 'ValidationError' | 'ApiError' extends names[action] ? never : action
}[keyof names]
