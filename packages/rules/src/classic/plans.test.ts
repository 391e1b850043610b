import { describe, expect, test } from 'vitest'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import { modifyPlanOrder, modifyTpslOrder } from './modifyPlanOrder.js'
import { placePlanOrder } from './placePlanOrder.js'
import { placePosTpsl } from './placePosTpsl.js'
import { placeTpslOrder } from './placeTpslOrder.js'
import {
  cancelPlanOrder,
  getOrdersPlanHistory,
  getOrdersPlanPending,
  getPlanSubOrder,
} from './planQueries.js'

const instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.1',
  pricePrecision: 1,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
} as const

const plan = {
  planType: 'normal_plan',
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
  size: '0.01',
  triggerPrice: '66000',
  triggerType: 'mark_price',
  side: 'buy',
  orderType: 'market',
} as const
const track = { ...plan, planType: 'track_plan', callbackRatio: '2' } as const

describe('placePlanOrder', () => {
  const issuesOf = issuesFor(placePlanOrder)

  test('a market trigger order passes and is sent normalised', () => {
    expect(Endpoint.check(placePlanOrder, { ...plan, productType: 'usdt-futures' }).output).toEqual(
      plan,
    )
  })

  test('normal_plan: price required for limit, forbidden for market; no callbackRatio', () => {
    expect(issuesOf({ ...plan, orderType: 'limit' })).toEqual([['missing', 'price']])
    expect(issuesOf({ ...plan, orderType: 'limit', price: '65900' })).toEqual([])
    expect(issuesOf({ ...plan, price: '65900' })).toEqual([['forbidden', 'price']])
    expect(issuesOf({ ...plan, callbackRatio: '1' })).toEqual([['forbidden', 'callbackRatio']])
  })

  test('track_plan: market only, callbackRatio required and at most 10, no price', () => {
    expect(issuesOf(track)).toEqual([])
    expect(issuesOf({ ...track, callbackRatio: '' })).toEqual([['missing', 'callbackRatio']])
    expect(issuesOf({ ...track, callbackRatio: '10.5' })).toEqual([['range', 'callbackRatio']])
    expect(issuesOf({ ...track, orderType: 'limit', price: '1' })).toEqual([
      ['forbidden', 'price'],
      ['forbidden', 'orderType'],
    ])
  })

  test('track_plan: take-profit/stop-loss are percentages on the last price, no execute price', () => {
    expect(
      issuesOf({
        ...track,
        stopSurplusTriggerPrice: '1000',
        stopSurplusTriggerType: 'mark_price',
        stopLossTriggerPrice: '5',
        stopLossTriggerType: 'fill_price',
        stopLossExecutePrice: '60000',
      }),
    ).toEqual([
      ['range', 'stopSurplusTriggerPrice'],
      ['forbidden', 'stopSurplusTriggerType'],
      ['forbidden', 'stopLossExecutePrice'],
    ])
  })

  test('a take-profit trigger price needs its trigger type', () => {
    expect(issuesOf({ ...plan, stopSurplusTriggerPrice: '70000' })).toEqual([
      ['missing', 'stopSurplusTriggerType'],
    ])
    expect(issuesOf({ ...plan, stopSurplusTriggerPrice: '0', stopSurplusTriggerType: '' })).toEqual(
      [],
    )
  })

  test('with the instrument: trigger price on the tick, size on the lot', () => {
    expect(
      issuesOf({ ...plan, triggerPrice: '66000.05', size: '0.0105' }, { instrument }).map(
        ([type, path]) => [type, path],
      ),
    ).toEqual([
      ['tick', 'triggerPrice'],
      ['lot', 'size'],
    ])
  })

  test('with the position mode: tradeSide in hedge mode', () => {
    expect(issuesOf(plan, { positionMode: 'hedge' })).toEqual([['missing', 'tradeSide']])
  })

  test('an unknown trigger type is a value issue', () => {
    expect(issuesOf({ ...plan, triggerType: 'index_price' })).toEqual([['value', 'triggerType']])
  })

  test.each(['yes', 'no', 'YES', 'NO'])(
    '"reduceOnly ... `yes`: Yes; `no`: No(default)" (its example sends "NO"): %s is taken and sent as written',
    (reduceOnly) => {
      const checked = Endpoint.check(
        placePlanOrder,
        { ...plan, reduceOnly },
        {
          positionMode: 'one_way',
        },
      )
      expect(checked.issues).toBeUndefined()
      expect(checked.output).toMatchObject({ reduceOnly })
    },
  )

  test('reduceOnly: any other spelling is a value issue; hedge mode forbids either case', () => {
    expect(issuesOf({ ...plan, reduceOnly: 'true' })).toEqual([['value', 'reduceOnly']])
    expect(
      issuesOf({ ...plan, tradeSide: 'open', reduceOnly: 'yes' }, { positionMode: 'hedge' }),
    ).toEqual([['forbidden', 'reduceOnly']])
  })
})

describe('placeTpslOrder', () => {
  const issuesOf = issuesFor(placeTpslOrder)
  const tpsl = {
    marginCoin: 'USDT',
    productType: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    planType: 'profit_plan',
    triggerPrice: '70000',
    triggerType: 'fill_price',
    holdSide: 'buy',
    size: '0.01',
  } as const

  test('size is required for profit_plan and none is taken for pos_profit', () => {
    expect(issuesOf(tpsl)).toEqual([])
    expect(issuesOf({ ...tpsl, size: undefined })).toEqual([['missing', 'size']])
    expect(issuesOf({ ...tpsl, planType: 'pos_profit', size: '' })).toEqual([])
    expect(issuesOf({ ...tpsl, planType: 'pos_loss' })).toEqual([['forbidden', 'size']])
  })

  test('moving_plan needs rangeRate (at most 10) and executes at market', () => {
    const moving = { ...tpsl, planType: 'moving_plan', rangeRate: '1' } as const
    expect(issuesOf(moving)).toEqual([])
    expect(issuesOf({ ...moving, rangeRate: '11', executePrice: '70000' })).toEqual([
      ['range', 'rangeRate'],
      ['forbidden', 'executePrice'],
    ])
    expect(issuesOf({ ...tpsl, rangeRate: '1' })).toEqual([['forbidden', 'rangeRate']])
  })

  test('holdSide against the position mode', () => {
    expect(issuesOf(tpsl, { positionMode: 'hedge' })).toEqual([['mismatch', 'holdSide']])
    expect(issuesOf({ ...tpsl, holdSide: 'long' }, { positionMode: 'hedge' })).toEqual([])
    expect(issuesOf({ ...tpsl, holdSide: 'long' }, { positionMode: 'one_way' })).toEqual([
      ['mismatch', 'holdSide'],
    ])
  })

  test('trigger and execute prices on the tick', () => {
    expect(
      issuesOf({ ...tpsl, triggerPrice: '70000.05', executePrice: '0' }, { instrument }),
    ).toEqual([['tick', 'triggerPrice']])
  })
})

describe('placePosTpsl', () => {
  const issuesOf = issuesFor(placePosTpsl)
  const pos = {
    marginCoin: 'USDT',
    productType: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    holdSide: 'long',
  }

  test('one of the two trigger prices is required, each with its trigger type', () => {
    expect(issuesOf(pos)).toEqual([['one_of', 'stopSurplusTriggerPrice']])
    expect(issuesOf({ ...pos, stopLossTriggerPrice: '60000' })).toEqual([
      ['missing', 'stopLossTriggerType'],
    ])
    expect(
      issuesOf({ ...pos, stopLossTriggerPrice: '60000', stopLossTriggerType: 'mark_price' }),
    ).toEqual([])
  })
})

describe('modifyPlanOrder and modifyTpslOrder', () => {
  test('modify-plan-order: newTriggerType needs newTriggerPrice; track_plan takes no price', () => {
    const issuesOf = issuesFor(modifyPlanOrder)
    const base = { productType: 'USDT-FUTURES', orderId: '1' }
    expect(issuesOf({ productType: 'USDT-FUTURES' })).toEqual([['one_of', 'orderId']])
    expect(issuesOf({ ...base, newTriggerType: 'mark_price' })).toEqual([
      ['missing', 'newTriggerPrice'],
    ])
    expect(
      issuesOf({ ...base, planType: 'track_plan', newPrice: '1', newCallbackRatio: '12' }),
    ).toEqual([
      ['range', 'newCallbackRatio'],
      ['forbidden', 'newPrice'],
    ])
    expect(issuesOf({ ...base, planType: 'normal_plan', newCallbackRatio: '1' })).toEqual([
      ['forbidden', 'newCallbackRatio'],
    ])
  })

  test('modify-tpsl-order: size "" is the whole position; the type of the order is checked when known', () => {
    const issuesOf = issuesFor(modifyTpslOrder)
    const base = {
      orderId: '1',
      marginCoin: 'USDT',
      productType: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      triggerPrice: '70000',
      size: '',
    }
    expect(issuesOf(base)).toEqual([])
    expect(issuesOf(base, { planType: 'profit_plan' })).toEqual([['missing', 'size']])
  })
})

describe('cancelPlanOrder and the plan queries', () => {
  test('cancel-plan-order: symbol with orderIdList; each item names an order', () => {
    const issuesOf = issuesFor(cancelPlanOrder)
    expect(issuesOf({ productType: 'USDT-FUTURES', orderIdList: [{ orderId: '1' }] })).toEqual([
      ['missing', 'symbol'],
    ])
    expect(
      issuesOf({
        productType: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        orderIdList: [{ orderId: '', clientOid: 'c' }, { orderId: '' }],
      }),
    ).toEqual([['one_of', 'orderIdList.1.orderId']])
    expect(
      issuesOf({
        productType: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        orderIdList: Array.from({ length: 51 }, (_, i) => ({ orderId: String(i + 1) })),
      }),
    ).toEqual([['length', 'orderIdList']])
  })

  test('the queries need planType; history filters by planStatus; times in order', () => {
    const pending = issuesFor(getOrdersPlanPending)
    expect(pending({ productType: 'USDT-FUTURES' })).toEqual([['missing', 'planType']])
    expect(
      pending({ productType: 'USDT-FUTURES', planType: 'profit_loss', startTime: 5, endTime: 4 }),
    ).toEqual([['range', 'endTime']])
    const history = issuesFor(getOrdersPlanHistory)
    expect(
      history({ productType: 'USDT-FUTURES', planType: 'normal_plan', planStatus: 'live' }),
    ).toEqual([['value', 'planStatus']])
  })
})

describe('getPlanSubOrder', () => {
  const issuesOf = issuesFor(getPlanSubOrder)
  const query = { planOrderId: '1', planType: 'normal_plan', productType: 'USDT-FUTURES' }
  test('GET /api/v2/mix/order/plan-sub-order, signed; the page example passes, sent upper-case', () => {
    expect([getPlanSubOrder.method, getPlanSubOrder.path, getPlanSubOrder.auth]).toEqual([
      'GET',
      '/api/v2/mix/order/plan-sub-order',
      true,
    ])
    expect(
      Endpoint.check(getPlanSubOrder, { ...query, productType: 'usdt-futures' }).output,
    ).toEqual(query)
  })
  test('planType, planOrderId and productType are all required; each missing one is named', () => {
    for (const field of Object.keys(query)) {
      const { [field as keyof typeof query]: _, ...rest } = query
      expect(issuesOf(rest)).toEqual([['missing', field]])
    }
  })
  test('planType normal_plan or track_plan (the page lists no take-profit/stop-loss type); planOrderId an order id', () => {
    expect(issuesOf({ ...query, planType: 'track_plan' })).toEqual([])
    expect(issuesOf({ ...query, planType: 'profit_plan' })).toEqual([['value', 'planType']])
    expect(issuesOf({ ...query, planType: 'profit_loss' })).toEqual([['value', 'planType']])
    expect(issuesOf({ ...query, planOrderId: 'abc' })).toEqual([['format', 'planOrderId']])
    expect(issuesOf({ ...query, productType: 'SPOT' })).toEqual([['value', 'productType']])
  })
})
