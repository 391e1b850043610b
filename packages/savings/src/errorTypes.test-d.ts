/**
 * Every action declares `ErrorType` as the union of what it can throw: each member has a
 * literal `name` (a plain `BaseError`, whose name is any string, would make it unnarrowable) and
 * the union holds the refusals of bad input and of the exchange. The list holds every action of
 * the actions folder; an action listed without `ErrorType` fails to compile here.
 */
import type { ErrorTypeFailures } from '@tradeline/fuzz/errorTypes'
import { describe, expectTypeOf, test } from 'vitest'
import type * as client from './index.js'

type ErrorTypes = {
  getAccount: client.getAccount.ErrorType
  getAssets: client.getAssets.ErrorType
  getProducts: client.getProducts.ErrorType
  getRecords: client.getRecords.ErrorType
  getRedeemResult: client.getRedeemResult.ErrorType
  getSubscribeInfo: client.getSubscribeInfo.ErrorType
  getSubscribeResult: client.getSubscribeResult.ErrorType
  redeem: client.redeem.ErrorType
  subscribe: client.subscribe.ErrorType
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<ErrorTypeFailures<ErrorTypes>>().toBeNever()
  })
})
