import { describe, expect, test } from 'vitest'
import * as ClassicFutures from '../ClassicFutures.js'
import * as Endpoint from '../Endpoint.js'
import * as Securities from '../Securities.js'
import * as Strategy from '../Strategy.js'
import { issuesFor } from '../test/issues.js'
import * as Unified from '../Unified.js'

const futures = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const plan = { ...futures, marginCoin: 'USDT' } as const

/**
 * Every field that names an EXISTING order (or transfer) by clientOid: the endpoint, a request
 * carrying `id` there, and the dotted path of the field.
 */
const references = [
  ['unified cancel-order', Unified.cancelOrder, (id: string) => ({ clientOid: id }), 'clientOid'],
  ['unified modify-order', Unified.modifyOrder, (id: string) => ({ clientOid: id }), 'clientOid'],
  ['unified order-info', Unified.getOrderInfo, (id: string) => ({ clientOid: id }), 'clientOid'],
  [
    'unified cancel-batch',
    Unified.cancelBatch,
    (id: string) => [{ category: 'SPOT', symbol: 'BTCUSDT', clientOid: id }],
    '0.clientOid',
  ],
  [
    'unified batch-modify-order',
    Unified.batchModifyOrder,
    (id: string) => [{ clientOid: id, price: '10' }],
    '0.clientOid',
  ],
  [
    'strategy cancel',
    Strategy.cancelStrategyOrder,
    (id: string) => ({ clientOid: id }),
    'clientOid',
  ],
  [
    'strategy modify',
    Strategy.modifyStrategyOrder,
    (id: string) => ({ clientOid: id }),
    'clientOid',
  ],
  [
    'classic cancel-order',
    ClassicFutures.cancelOrder,
    (id: string) => ({ ...futures, clientOid: id }),
    'clientOid',
  ],
  [
    'classic modify-order',
    ClassicFutures.modifyOrder,
    (id: string) => ({ ...futures, clientOid: id }),
    'clientOid',
  ],
  [
    'classic detail',
    ClassicFutures.getOrderDetail,
    (id: string) => ({ ...futures, clientOid: id }),
    'clientOid',
  ],
  [
    'classic orders-pending',
    ClassicFutures.getOrdersPending,
    (id: string) => ({ ...futures, clientOid: id }),
    'clientOid',
  ],
  [
    'classic orders-history',
    ClassicFutures.getOrdersHistory,
    (id: string) => ({ ...futures, clientOid: id }),
    'clientOid',
  ],
  [
    'classic batch-cancel-orders',
    ClassicFutures.batchCancelOrders,
    (id: string) => ({ ...plan, orderIdList: [{ orderId: '1', clientOid: id }] }),
    'orderIdList.0.clientOid',
  ],
  [
    'classic cancel-plan-order',
    ClassicFutures.cancelPlanOrder,
    (id: string) => ({ ...futures, orderIdList: [{ clientOid: id }] }),
    'orderIdList.0.clientOid',
  ],
  [
    'classic modify-plan-order',
    ClassicFutures.modifyPlanOrder,
    (id: string) => ({ ...plan, clientOid: id }),
    'clientOid',
  ],
  [
    'classic modify-tpsl-order',
    ClassicFutures.modifyTpslOrder,
    (id: string) => ({ ...plan, clientOid: id }),
    'clientOid',
  ],
  [
    'classic orders-plan-pending',
    ClassicFutures.getOrdersPlanPending,
    (id: string) => ({ productType: 'USDT-FUTURES', planType: 'normal_plan', clientOid: id }),
    'clientOid',
  ],
  [
    'classic orders-plan-history',
    ClassicFutures.getOrdersPlanHistory,
    (id: string) => ({ productType: 'USDT-FUTURES', planType: 'normal_plan', clientOid: id }),
    'clientOid',
  ],
  [
    'classic transfer records',
    ClassicFutures.getTransferRecords,
    (id: string) => ({ coin: 'USDT', clientOid: id }),
    'clientOid',
  ],
  [
    'securities cancel-order',
    Securities.cancelOrder,
    (id: string) => ({ symbol: 'AAPL.US', clientOid: id }),
    'clientOid',
  ],
] as const

/** The issues of `endpoint` on the clientOid at `path` for a request built with `id`. */
function issuesAt(
  endpoint: Endpoint.Endpoint<any, any>,
  build: (id: string) => unknown,
  path: string,
  id: string,
) {
  return issuesFor(endpoint)(build(id)).filter(([, at]) => at === path)
}

describe('a clientOid that names an existing order', () => {
  test.each(references)(
    '%s: an id the exchange itself answers ("BITGET#121212121212") is accepted',
    (_, endpoint, build, path) => {
      expect(issuesAt(endpoint, build, path, 'BITGET#121212121212')).toEqual([])
    },
  )

  test.each(references)(
    '%s: any visible characters up to 64 (`#`, `+`, `/`, `.`, `&`, `=`, a space) are accepted',
    (_, endpoint, build, path) => {
      for (const id of ['a+b c', 'x/y.z', 'a&b=c%20', 'é'.repeat(64), 'B'.repeat(64)])
        expect(issuesAt(endpoint, build, path, id)).toEqual([])
    },
  )

  test.each(references)(
    '%s: decision: a 36-character UUID (the newClientOid ccxt editOrder sends; no page bounds it) names an order',
    (_, endpoint, build, path) => {
      expect(issuesAt(endpoint, build, path, 'd9e1053a-58d9-488a-855b-016fbe6e0e00')).toEqual([])
    },
  )

  test.each(references)(
    '%s: empty, over 64 characters or with a control character is refused',
    (name, endpoint, build, path) => {
      // cancel-plan-order reads an empty clientOid as none given (then the orderId is required).
      if (name !== 'classic cancel-plan-order')
        expect(issuesAt(endpoint, build, path, '')).toEqual([['length', path]])
      expect(issuesAt(endpoint, build, path, 'B'.repeat(65))).toEqual([['length', path]])
      expect(issuesAt(endpoint, build, path, 'a\tb')).toEqual([['format', path]])
      expect(issuesAt(endpoint, build, path, 'a\u0000b')).toEqual([['format', path]])
    },
  )

  test('the issue names the field and the rule', () => {
    const [issue] = Endpoint.check(Unified.cancelOrder, { clientOid: 'BITGET#1\t' }).issues ?? []
    expect(issue).toMatchObject({
      type: 'format',
      path: ['clientOid'],
      expected: 'no control characters (tab, newline, ...)',
    })
    expect(issue?.message).toMatch(
      /^clientOid: expected no control characters \(tab, newline, \.\.\.\)/,
    )
  })

  test('the id is sent as given', () => {
    expect(
      Endpoint.check(ClassicFutures.getOrderDetail, { ...futures, clientOid: 'BITGET#1' }).output,
    ).toEqual({ ...futures, clientOid: 'BITGET#1' })
  })
})
