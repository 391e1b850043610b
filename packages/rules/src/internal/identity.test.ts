import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import * as ClassicFutures from '../ClassicFutures.js'
import * as Endpoint from '../Endpoint.js'
import { issuesFor } from '../test/issues.js'
import * as Unified from '../Unified.js'
import { clientOidPatternA, clientOidPatternB } from './identity.js'

const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'market',
  qty: '10',
} as const
const placeOrder = issuesFor(Unified.placeOrder)
const withClientOid = (clientOid: string) => placeOrder({ ...order, clientOid })

/** The characters of the ids the unified client generates (`createClientOid`). */
const generatedAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'

describe('clientOid', () => {
  test.each(['my-order_1', 'a:b', 'A'.repeat(32), 'Jc3m_0q9ZyXb-4TtUu1wQe8K'])(
    'decision: an id that both published patterns accept passes: %j',
    (clientOid) => {
      expect(clientOidPatternA.test(clientOid) && clientOidPatternB.test(clientOid)).toBe(true)
      expect(withClientOid(clientOid)).toEqual([])
    },
  )

  test.each([
    ['a#1', 'only the first pattern (#)'],
    ['a+1', 'only the first pattern (+)'],
    ['a b', 'only the first pattern (a space)'],
    ['a/1', 'only the second pattern (/)'],
    ['a.1', 'only the second pattern (.)'],
  ])(
    'Two patterns are published for place-order — decision: %j, accepted by %s, is refused: the exchange may check the other',
    (clientOid) => {
      expect(withClientOid(clientOid)).toEqual([['format', 'clientOid']])
    },
  )

  test.each([
    ['a tab', 'a\tb'],
    ['a newline', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a no-break space', 'a\u00a0b'],
    ['an em space', 'a\u2003b'],
    ['a line separator', 'a\u2028b'],
  ])(
    'decision: %s, which JavaScript `\\s` of the first pattern lets through, is refused',
    (_, clientOid) => {
      expect(clientOidPatternA.test(clientOid)).toBe(true)
      expect(withClientOid(clientOid)).toEqual([['format', 'clientOid']])
    },
  )

  test('the issue names the field and the rule', () => {
    expect(
      Endpoint.check(Unified.placeOrder, { ...order, clientOid: 'a b' }).issues,
    ).toMatchInlineSnapshot(`
        [
          {
            "expected": "only the characters A-Z a-z 0-9 _ : - (those both published clientOid patterns accept)",
            "message": "clientOid: expected only the characters A-Z a-z 0-9 _ : - (those both published clientOid patterns accept), received "a b"",
            "path": [
              "clientOid",
            ],
            "received": ""a b"",
            "type": "format",
          },
        ]
      `)
  })

  test.prop([
    fc.string({ unit: fc.constantFrom(...generatedAlphabet), minLength: 1, maxLength: 32 }),
  ])('ids of the generated alphabet ([A-Za-z0-9_-]) always pass', (clientOid) => {
    expect(withClientOid(clientOid)).toEqual([])
  })

  test('the same rule on every endpoint that names a NEW order by clientOid: unified place and batch, classic', () => {
    expect(withClientOid('a#1')).toEqual([['format', 'clientOid']])
    expect(
      issuesFor(Unified.placeBatch)([{ ...order, clientOid: 'a/1' }]).filter(([, path]) =>
        path.endsWith('clientOid'),
      ),
    ).toEqual([['format', '0.clientOid']])
    expect(
      issuesFor(ClassicFutures.placeOrder)({
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        marginMode: 'crossed',
        marginCoin: 'USDT',
        size: '1',
        side: 'buy',
        orderType: 'market',
        clientOid: 'a b',
      }),
    ).toContainEqual(['format', 'clientOid'])
  })
})
