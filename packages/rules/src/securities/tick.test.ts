import { describe, expect, test } from 'vitest'
import { modifyFieldIssues } from './modifyFields.js'
import { finestTickOf, priceTicks, tickedPrices, tickIssues, tickOf } from './tick.js'

const option = 'AAPL260918C00230000.US'

describe('tickOf: Reg NMS Rule 612 (0.01 at 1 USD or more, 0.0001 below), options 0.01', () => {
  test.each([
    ['AAPL.US', '150', 'penny', '0.01'],
    ['AAPL.US', '1', 'penny', '0.01'],
    ['AAPL.US', '0.9999', 'penny', '0.0001'],
    ['AAPL.US', '150', 'halfPenny', '0.005'],
    ['AAPL.US', '0.5', 'halfPenny', '0.0001'],
    [option, '0.5', 'penny', '0.01'],
    [option, '12', 'halfPenny', '0.01'],
  ] as const)('%s at %s (%s): %s', (symbol, price, group, tick) => {
    expect(tickOf(symbol, price, group)).toBe(tick)
  })

  test('the finest tick is the half-penny group (the client does not know a stock`s group)', () => {
    expect(finestTickOf('AAPL.US', '150')).toBe(priceTicks.halfPenny)
    expect(finestTickOf('AAPL.US', '0.5')).toBe(priceTicks.subDollar)
    expect(finestTickOf(option, '1')).toBe(priceTicks.option)
  })
})

describe('tickIssues', () => {
  test('each price off its tick is a tick issue naming the field and the rule', () => {
    const issues = tickIssues(
      'AAPL.US',
      { submittedPrice: '150.005', triggerPrice: '0.12345', monitorPrice: '150.01' },
      tickedPrices.placeOrder,
    )
    expect(issues.map((issue) => [issue.type, issue.path])).toEqual([
      ['tick', ['submittedPrice']],
      ['tick', ['triggerPrice']],
    ])
    expect(issues[0]?.message).toBe(
      'submittedPrice: expected a multiple of 0.01 (the price tick of a US stock at 1 USD or more, Reg NMS Rule 612), received "150.005"',
    )
    expect(issues[1]?.message).toMatch(
      /^triggerPrice: expected a multiple of 0.0001 \(.*below 1 USD/,
    )
  })

  test("'finest': 150.005 may be a half-penny stock's price, 150.003 is no stock's", () => {
    const check = (price: string) =>
      tickIssues('AAPL.US', { price }, tickedPrices.modifyOrder, 'finest')
    expect(check('150.005')).toEqual([])
    expect(check('150.003')[0]?.expected).toMatch(/^a multiple of 0.005 /)
    expect(check('0.12345')[0]?.path).toEqual(['price'])
  })

  test('an option premium off 0.01 is refused in every group', () => {
    for (const group of ['penny', 'halfPenny', 'finest'] as const)
      expect(
        tickIssues(option, { submittedPrice: '1.005' }, ['submittedPrice'], group),
      ).toHaveLength(1)
  })

  test('a price that is no decimal string is left to the schema', () => {
    expect(
      tickIssues(
        'AAPL.US',
        { submittedPrice: 150.005, triggerPrice: 'x' },
        tickedPrices.placeOrder,
      ),
    ).toEqual([])
  })
})

describe('modifyFieldIssues: the fields the order type forbids at place-order', () => {
  test('trailingPercent on an LO is forbidden, named as modify names it', () => {
    const [issue, ...rest] = modifyFieldIssues('LO', {
      orderId: '1',
      quantity: '2',
      price: '150',
      trailingPercent: '3',
    })
    expect(rest).toEqual([])
    expect(issue).toMatchObject({ type: 'forbidden', path: ['trailingPercent'] })
    expect(issue?.message).toBe(
      `trailingPercent: expected no value when the order's orderType is LO, received "3"`,
    )
  })

  test("price is place-order's submittedPrice: forbidden on a trailing stop, allowed on an LIT", () => {
    expect(modifyFieldIssues('TSLPPCT', { quantity: '1', price: '10' })[0]?.path).toEqual(['price'])
    expect(
      modifyFieldIssues('LIT', { quantity: '1', price: '10', triggerPrice: '9', triggerCount: 1 }),
    ).toEqual([])
    expect(
      modifyFieldIssues('TSLPAMT', {
        quantity: '1',
        trailingAmount: '1',
        limitOffset: '0.1',
        monitorPrice: '5',
      }),
    ).toEqual([])
  })

  test('fields no order type governs (quantity, remark) and an unknown order type are not judged', () => {
    expect(modifyFieldIssues('MO', { quantity: '1', remark: 'x' })).toEqual([])
    expect(modifyFieldIssues('XX', { quantity: '1', trailingPercent: '3' })).toEqual([])
  })
})
