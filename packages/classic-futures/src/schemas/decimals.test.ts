// A decimal field of a REST record whose text is no decimal number (the documented ticker, from
// fixtures/exchange/classic.mix.market.ticker.json, answered by the sandbox over loopback with one
// field changed): the read fails with the error of any record that does not read, naming the
// field. Before, "NaN" reached the caller as the ticker's last price. "" still reads as null.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ResponseError } from '@tradeline/core'
import { type Route, routes } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'

const fixture = fileURLToPath(
  new URL('../../../../fixtures/exchange/classic.mix.market.ticker.json', import.meta.url),
)
const ticker = (JSON.parse(readFileSync(fixture, 'utf8')) as { data: object[] }).data[0]

/** The ticker answer of the sandbox: the documented ticker with `change` applied. */
let change: Record<string, unknown> = {}
const answer: Route = {
  ...(routes.find((route) => route.id === 'classic.getTicker') as Route),
  handle: async () => ({ data: [{ ...ticker, ...change }] }),
}

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ routes: [answer] })
})
afterAll(async () => {
  await made.sandbox.close()
})

const read = () =>
  made.client().market.getTicker({ symbol: 'ETHUSD_231229', productType: 'COIN-FUTURES' })

describe('a classic REST record with a decimal field that is no decimal number', () => {
  test.each(['NaN', 'Infinity', '-Infinity', '1e5x', '1,5'])(
    'decision: lastPr %j is a ResponseError naming the field, not a ticker',
    async (text) => {
      change = { lastPr: text }
      const error = await read().catch((e: unknown) => e)
      expect(ResponseError.isInstance(error)).toBe(true)
      expect((error as Error).message).toMatch(
        /^The data of the response of classic\.getTicker does not have the expected shape: 0\.lastPr: a decimal number/,
      )
    },
  )

  test('"" is not set (null), an exponent is written out, the documented ticker reads as shown', async () => {
    change = { lastPr: '', fundingRate: '-1.5E-4' }
    const [got] = await read()
    expect(got).toMatchObject({ lastPr: null, fundingRate: '-0.00015', markPrice: '1829' })
  })
})
