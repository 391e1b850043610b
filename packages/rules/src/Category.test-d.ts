import { describe, expectTypeOf, test } from 'vitest'
import type * as Category from './Category.js'
import type * as ClassicFutures from './ClassicFutures.js'
import type * as Session from './Session.js'
import type * as Strategy from './Strategy.js'
import type * as Unified from './Unified.js'

type Documented =
  | 'SPOT'
  | 'MARGIN'
  | 'USDT-FUTURES'
  | 'COIN-FUTURES'
  | 'USDC-FUTURES'
  | 'spot'
  | 'margin'
  | 'usdt-futures'
  | 'coin-futures'
  | 'usdc-futures'
  | 'Spot'
  | 'Margin'
  | 'Usdt-futures'
  | 'Coin-futures'
  | 'Usdc-futures'

describe('category types', () => {
  test('decision: `category` is typed as the documented values in upper case (as sent), lower case (as the exchange documentation examples write them) and capitalized; any case is accepted at run time', () => {
    expectTypeOf<Category.Input>().toEqualTypeOf<Documented>()
    expectTypeOf<Unified.placeOrder.Parameters['category']>().toEqualTypeOf<Documented>()
    expectTypeOf<Unified.placeBatch.Item['category']>().toEqualTypeOf<Documented>()
    expectTypeOf<Unified.cancelOrder.Parameters['category']>().toEqualTypeOf<
      Documented | undefined
    >()
    expectTypeOf<Strategy.placeStrategyOrder.Parameters['category']>().toEqualTypeOf<Documented>()
    expectTypeOf<
      Strategy.getUnfilledStrategyOrders.Parameters['category']
    >().toEqualTypeOf<Documented>()
    // Sent upper case.
    expectTypeOf<Unified.placeOrder.Request['category']>().toEqualTypeOf<Category.Category>()
  })

  test('an undocumented category is a type error: "FUTURES", "Usdt-Futures"', () => {
    const order = {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'market',
      qty: '1',
    } as const
    const ok: Unified.placeOrder.Parameters = { ...order, category: 'usdt-futures' }
    // @ts-expect-error: FUTURES is not a category
    const futures: Unified.placeOrder.Parameters = { ...order, category: 'FUTURES' }
    // @ts-expect-error: mixed case other than capitalized is not documented
    const mixed: Unified.placeOrder.Parameters = { ...order, category: 'Usdt-Futures' }
    // @ts-expect-error: a plain string is no longer a category
    const anyString: Unified.placeOrder.Parameters = { ...order, category: 'spot' as string }
    void [ok, futures, mixed, anyString]
  })

  test('decision: classic `productType` likewise: documented values in the three cases', () => {
    expectTypeOf<ClassicFutures.placeOrder.Parameters['productType']>().toEqualTypeOf<
      | 'USDT-FUTURES'
      | 'COIN-FUTURES'
      | 'USDC-FUTURES'
      | 'usdt-futures'
      | 'coin-futures'
      | 'usdc-futures'
      | 'Usdt-futures'
      | 'Coin-futures'
      | 'Usdc-futures'
    >()
    // @ts-expect-error: SPOT is no product type of the classic futures
    const spot: ClassicFutures.placeOrder.Parameters['productType'] = 'SPOT'
    void spot
  })

  test('Session.at reports a session state or closed', () => {
    expectTypeOf<Session.at.ReturnType['state']>().toEqualTypeOf<
      'pre_market' | 'regular' | 'after_hours' | 'overnight' | 'closed'
    >()
    expectTypeOf<Session.Status>().toEqualTypeOf<Session.State | 'closed'>()
  })
})
