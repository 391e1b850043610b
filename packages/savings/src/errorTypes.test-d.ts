/**
 * Every action declares `ErrorType` as the union of what it can throw: each member has a
 * literal `name` (a plain `BaseError`, whose name is any string, would make it unnarrowable).
 * Generated from the actions folder; a new action without `ErrorType` fails to compile here.
 */
import type { UnnamedErrorTypes, WithoutRefusals } from '@tradeline/fuzz/errorTypes'
import { describe, expectTypeOf, test } from 'vitest'
import type {
  getAccount,
  getAssets,
  getProducts,
  getRecords,
  getRedeemResult,
  getSubscribeInfo,
  getSubscribeResult,
  redeem,
  subscribe,
} from './index.js'

type Names = {
  getAccount: getAccount.ErrorType['name']
  getAssets: getAssets.ErrorType['name']
  getProducts: getProducts.ErrorType['name']
  getRecords: getRecords.ErrorType['name']
  getRedeemResult: getRedeemResult.ErrorType['name']
  getSubscribeInfo: getSubscribeInfo.ErrorType['name']
  getSubscribeResult: getSubscribeResult.ErrorType['name']
  redeem: redeem.ErrorType['name']
  subscribe: subscribe.ErrorType['name']
}

describe('ErrorType of every action', () => {
  test('is a union of named errors that includes the refusals of bad input and of the exchange', () => {
    expectTypeOf<UnnamedErrorTypes<Names>>().toBeNever()
    expectTypeOf<WithoutRefusals<Names>>().toBeNever()
  })
})
