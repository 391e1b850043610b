// How a push's arg finds its subscription (pushRoute, namedBy); the streams' own tests run it
// against a server on 127.0.0.1 (market/pushCase.hostile.test.ts, the lines' stream/pushCase.test.ts).
import { describe, expect, test } from 'vitest'
import { createPushRoute, maxOtherwise } from './pushRoute.js'
import { namedBy, subscriptionKey } from './types.js'

type Arg = Record<string, unknown>
const ticker = (instId: string): Arg => ({ instType: 'SPOT', channel: 'ticker', instId })
const byKey = (...args: Arg[]) => new Map(args.map((arg) => [subscriptionKey(arg), arg]))
const same = (arg: Arg) => arg

describe('namedBy', () => {
  test('the one named whole (texts in any case, a field added); else the one named in part', () => {
    const subs = [ticker('BTCUSDT'), ticker('ETHUSDT')]
    expect(namedBy({ ...ticker('btcusdt'), instType: 'spot', x: 1 }, subs, same)).toBe(subs[0])
    expect(namedBy({ channel: 'TICKER', instId: 'ethusdt' }, subs, same)).toBe(subs[1])
    const [btc] = subs
    expect(namedBy({ instType: 'spot', channel: 'ticker' }, [ticker('BTCUSDT')], same)).toEqual(btc)
  })

  test('none when it names none, or more than one alike (in part, or whole: a case apart)', () => {
    const subs = [ticker('BTCUSDT'), ticker('ETHUSDT')]
    expect(namedBy(ticker('XRPUSDT'), subs, same)).toBeUndefined()
    expect(namedBy({ ...ticker('BTCUSDT'), channel: 'trade' }, subs, same)).toBeUndefined()
    expect(namedBy({ instType: 'SPOT', channel: 'ticker' }, subs, same)).toBeUndefined()
    const twins = [ticker('btcusdt'), ticker('BTCUSDT')]
    expect(namedBy(ticker('BtcUsdt'), twins, same)).toBeUndefined()
  })
})

describe('createPushRoute', () => {
  test('what an arg written otherwise named is kept until forget(); at most maxOtherwise of them', () => {
    const subs = byKey(ticker('BTCUSDT'))
    let looks = 0
    const route = createPushRoute(subs, (arg: Arg) => {
      looks++
      return arg
    })
    expect(route.find(ticker('BTCUSDT'))).toEqual(ticker('BTCUSDT'))
    expect(looks).toBe(0)
    expect(route.find(ticker('btcusdt'))).toEqual(ticker('BTCUSDT'))
    expect(route.find(ticker('btcusdt'))).toEqual(ticker('BTCUSDT'))
    expect(looks).toBe(1)
    route.forget()
    subs.clear()
    expect(route.find(ticker('btcusdt'))).toBeUndefined()
    subs.set(subscriptionKey(ticker('ETHUSDT')), ticker('ETHUSDT'))
    // Args of no subscription, more than it keeps: it starts over and goes on routing.
    for (let i = 0; i <= maxOtherwise; i++) expect(route.find(ticker(`X${i}`))).toBeUndefined()
    expect(route.find(ticker('ethusdt'))).toEqual(ticker('ETHUSDT'))
  })
})
