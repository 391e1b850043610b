import { describe, expect, test } from 'vitest'
import * as values from './values.js'

describe('sides', () => {
  test('side "`buy`, `sell`"', () => expect(values.sides).toEqual(['buy', 'sell']))
})
describe('orderTypes', () => {
  test('orderType "`limit`, `market`"', () =>
    expect(values.orderTypes).toEqual(['limit', 'market']))
})
describe('timeInForces', () => {
  test('timeInForce "`ioc`, `fok`, `gtc`, `post_only`, `rpi`"', () =>
    expect(values.timeInForces).toEqual(['ioc', 'fok', 'gtc', 'post_only', 'rpi']))
})
describe('posSides', () => {
  test('posSide "`long`, `short`"', () => expect(values.posSides).toEqual(['long', 'short']))
})
describe('yesNo', () => {
  test('reduceOnly "`yes`, `no`"', () => expect(values.yesNo).toEqual(['yes', 'no']))
})
describe('stpModes', () => {
  test('stpMode "`none` (default), `cancel_taker`, `cancel_maker`, `cancel_both`"', () =>
    expect(values.stpModes).toEqual(['none', 'cancel_taker', 'cancel_maker', 'cancel_both']))
})
describe('triggerBys', () => {
  test('tpTriggerBy "`market` (default), `mark`"', () =>
    expect(values.triggerBys).toEqual(['market', 'mark']))
})
describe('marginModes', () => {
  test('marginMode "`crossed` (default), `isolated`"', () =>
    expect(values.marginModes).toEqual(['crossed', 'isolated']))
})
describe('venues', () => {
  test('venue "`internalization` ... `lit_market`"', () =>
    expect(values.venues).toEqual(['internalization', 'lit_market']))
})
describe('rTokenTimeInForces', () => {
  test('rTokenTimeInForce "`gtd` (default) ... `gtc`"', () =>
    expect(values.rTokenTimeInForces).toEqual(['gtd', 'gtc']))
})
