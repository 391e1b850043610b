/**
 * The stockplus order records parse key for key (fixtures/exchange/securities.stockplus.trade.*,
 * built from the field lists of bitget-api 3.2.3's typed client: no example is published).
 */
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { historyOrders, stockOrderDetail, todayExecutions, todayOrders } from './orders.js'
import { orderAck } from './records.js'

const data = (name: string): any =>
  JSON.parse(
    readFileSync(
      new URL(
        `../../../../fixtures/exchange/securities.stockplus.trade.${name}.json`,
        import.meta.url,
      ),
      'utf8',
    ),
  ).data

/** Each raw key with its value as the lenient record gives it back (`""` is `null`, times are Unix ms). */
function expected(raw: Record<string, unknown>, times: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      times.includes(key) && typeof value === 'string'
        ? Date.parse(value)
        : value === ''
          ? null
          : value,
    ]),
  )
}

const orderTimes = ['submittedAt', 'updatedAt', 'triggerAt']

describe('the stockplus order records parse key for key', () => {
  test.each(['cancel-order', 'modify-order'])('%s: the acknowledgement', (name) => {
    expect(v.parse(orderAck, data(name))).toEqual({
      orderId: '1372118722438881280',
      clientOid: null,
      symbol: 'AAPL.US',
    })
  })

  test('today-orders: every field of the order', () => {
    const raw = data('today-orders')
    const [order] = v.parse(todayOrders, raw)
    expect(order).toEqual(expected(raw.orders[0], orderTimes))
    expect(order?.submittedAt).toBe(Date.UTC(2026, 6, 1, 14, 0))
  })

  test('history-orders: hasMore and the orders', () => {
    const raw = data('history-orders')
    const page = v.parse(historyOrders, raw)
    expect(page.hasMore).toBe(false)
    expect(page.orders[0]).toEqual(expected(raw.orders[0], orderTimes))
  })

  test('order-detail: the order, its history and its charges', () => {
    const raw = data('order-detail')
    const detail = v.parse(stockOrderDetail, raw)
    const { history, chargeDetail, ...order } = raw
    const { history: parsedHistory, chargeDetail: parsedCharges, ...parsedOrder } = detail
    expect(parsedOrder).toEqual(expected(order, orderTimes))
    expect(parsedHistory).toEqual(
      history.map((h: Record<string, unknown>) => expected(h, ['time'])),
    )
    expect(parsedCharges).toEqual(chargeDetail)
  })

  test('today-executions: every field of the execution', () => {
    const raw = data('today-executions')
    expect(v.parse(todayExecutions, raw)).toEqual(
      raw.trades.map((t: Record<string, unknown>) => expected(t, ['tradeDoneAt'])),
    )
  })
})
