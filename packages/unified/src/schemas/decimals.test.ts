// A decimal field of a REST record whose text is no decimal number (the documented fill, from
// fixtures/exchange/uta.trade.fills.json, answered by the sandbox over loopback with one field
// changed): the read fails with the error of any record that does not read, naming the field.
// Before, "NaN" reached the caller as the fill's price. "" (not set) still reads as null.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ResponseError } from '@tradeline/core'
import { type Route, routes } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'

const fixture = fileURLToPath(
  new URL('../../../../fixtures/exchange/uta.trade.fills.json', import.meta.url),
)
const documented = (JSON.parse(readFileSync(fixture, 'utf8')) as { data: { list: object[] } }).data
const fill = documented.list[0] as Record<string, unknown>

/** The fills answer of the sandbox: the documented page with `change` applied to its fill. */
let change: Record<string, unknown> = {}
const fills: Route = {
  ...(routes.find((route) => route.id === 'unified.getFills') as Route),
  handle: async () => ({ data: { ...documented, list: [{ ...fill, ...change }] } }),
}

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup({ routes: [fills] })
})
afterAll(async () => {
  await made.sandbox.close()
})

describe('a REST record with a decimal field that is no decimal number', () => {
  test.each(['NaN', 'Infinity', '-Infinity', '1e5x', 'abc', ' 1'])(
    'decision: execPrice %j is a ResponseError naming the field, not a fill',
    async (text) => {
      change = { execPrice: text }
      const error = await made
        .client()
        .orders.getFills({})
        .catch((e: unknown) => e)
      expect(ResponseError.isInstance(error)).toBe(true)
      expect((error as Error).message).toMatch(
        /^The data of the response of unified\.getFills does not have the expected shape: list\.0\.execPrice: a decimal number/,
      )
    },
  )

  test('"" is not set (null), an exponent is written out, a plain decimal is as sent', async () => {
    change = { execPrice: '', execQty: '1E-2', execPnl: '-0.002' }
    const page = await made.client().orders.getFills({})
    expect(page.list[0]).toMatchObject({ execPrice: null, execQty: '0.01', execPnl: '-0.002' })
  })

  test('a fee of a fill (a nested record) is checked as well', async () => {
    change = { feeDetail: [{ feeCoin: 'USDT', fee: 'NaN' }] }
    const error = await made
      .client()
      .orders.getFills({})
      .catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/list\.0\.feeDetail\.0\.fee: a decimal number/)
  })
})
