// stringifyBody learns whether a body holds a JsonNumber from the count JsonNumbers keep as
// JSON.stringify writes them (shared by every copy of the rules), not from a walk of the body.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { JsonNumber } from '@tradeline/rules/shared'
import { describe, expect, test } from 'vitest'
import { stringifyBody } from './body.js'

describe('stringifyBody', () => {
  test('a body without a JsonNumber is written as JSON.stringify writes it, in one stringify', () => {
    const body = { symbol: 'BTCUSDT', qty: '0.10', nested: [{ a: '1' }, null, 2], flag: true }
    let calls = 0
    const counted = {
      ...body,
      toJSON() {
        calls++
        return body
      },
    }
    expect(stringifyBody(counted)).toBe(JSON.stringify(body))
    expect(calls).toBe(1)
  })

  test('a JsonNumber at any depth is written unquoted with its exact text', () => {
    const body = {
      a: [{ b: { c: JsonNumber.from('123456789012345678') } }],
      d: JsonNumber.from('1.50'),
    }
    expect(stringifyBody(body)).toBe('{"a":[{"b":{"c":123456789012345678}}],"d":1.50}')
    expect(stringifyBody(JsonNumber.from('7'))).toBe('7')
  })

  test('a JsonNumber made by another copy of the rules is counted too (the count is shared, as the brand)', async () => {
    // The rules' JsonNumber module on its own (the `modules/*` files bundlers read): a class of
    // its own, beside the one the entry's chunk defines.
    const entry = createRequire(import.meta.url).resolve('@tradeline/rules/shared')
    const copyUrl = new URL('../modules/JsonNumber.js', pathToFileURL(entry)).href
    const copy = (await import(/* @vite-ignore */ copyUrl)) as { JsonNumber: typeof JsonNumber }
    expect(copy.JsonNumber).not.toBe(JsonNumber)
    expect(stringifyBody({ requestId: copy.JsonNumber.from('42') })).toBe('{"requestId":42}')
  })

  test('a JsonNumber written by a stringify inside a toJSON of the body does not change the body', () => {
    const inner = { toJSON: () => JSON.stringify({ n: JsonNumber.from('5') }) }
    expect(stringifyBody({ inner, qty: '1' })).toBe(
      JSON.stringify({ inner: '{"n":"5"}', qty: '1' }),
    )
  })
})
