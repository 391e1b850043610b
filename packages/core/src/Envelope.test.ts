import { describe, expect, test } from 'vitest'
import { classifyCode, losslessNumbers, parseEnvelope } from './Envelope.js'

describe('parseEnvelope', () => {
  test('reads a success envelope', () => {
    expect(
      parseEnvelope(
        '{"code":"00000","msg":"success","requestTime":1700000000000,"data":{"a":"1"}}',
      ),
    ).toEqual({
      success: true,
      envelope: { code: '00000', msg: 'success', requestTime: 1700000000000, data: { a: '1' } },
    })
  })

  test('reads a numeric code as a string and a missing requestTime as undefined', () => {
    expect(parseEnvelope('{"code":40009,"msg":"sign signature error"}')).toEqual({
      success: true,
      envelope: {
        code: '40009',
        msg: 'sign signature error',
        requestTime: undefined,
        data: undefined,
      },
    })
  })

  test.each([
    ['', 'empty body'],
    ['<html>502 Bad Gateway</html>', 'not JSON'],
    ['[1,2]', 'not a JSON object'],
    ['null', 'not a JSON object'],
    ['{"msg":"x","data":1}', 'no code'],
    ['{"code":null}', 'no code'],
  ])('%j is not an envelope: %s', (text, problem) => {
    expect(parseEnvelope(text)).toEqual({ success: false, problem })
  })
})

describe('classifyCode', () => {
  test.each([
    ['00000', 'success'],
    ['40010', 'unknown-outcome'],
    ['40725', 'unknown-outcome'],
    ['45001', 'unknown-outcome'],
    ['40009', 'rejected'],
    ['40008', 'rejected'],
    ['429', 'rejected'],
    ['43118', 'rejected'],
    ['99999', 'unrecognised'],
  ])('%s is %s', (code, kind) => {
    expect(classifyCode(code)).toBe(kind)
  })
})

describe('losslessNumbers', () => {
  test('a 19-digit order id sent as a JSON number keeps every digit', () => {
    const parsed = parseEnvelope(
      '{"code":"00000","msg":"success","requestTime":1700000000000,"data":{"orderId":1234567890123456789,"price":0.30000000000000004,"qty":5}}',
    )
    expect(parsed).toEqual({
      success: true,
      envelope: {
        code: '00000',
        msg: 'success',
        requestTime: 1700000000000,
        data: { orderId: '1234567890123456789', price: '0.30000000000000004', qty: '5' },
      },
    })
  })

  test.each([
    ['123456789012.12345', '123456789012.12345'],
    ['12345678.123456789', '12345678.123456789'],
    ['-0.1234567890123456', '-0.1234567890123456'],
    ['1.0000000000000001e+21', '1000000000000000100000'],
    ['1E2', '100'],
    ['1.50e1', '15.0'],
    ['1.5e-7', '0.00000015'],
    ['-2.5E-1', '-0.25'],
    ['0e5', '0'],
    ['12e-2', '0.12'],
    ['5', '5'],
    ['0.10', '0.10'],
  ])(
    'lossless numbers: the JSON number %s (17 significant digits without 16 in a row, an exponent form, a short number) is read as the exact plain decimal string %s, never through a double',
    (number, expected) => {
      const parsed = parseEnvelope(`{"code":"00000","msg":"success","data":{"price":${number}}}`)
      expect(parsed).toMatchObject({ success: true, envelope: { data: { price: expected } } })
    },
  )

  test('numbers inside strings and escaped quotes are left alone; text without a number literal is returned as it is', () => {
    const text = '{"a":"x\\"1234567890123456789","b":[-12345678901234567890,1.5e3,true,null]}'
    expect(JSON.parse(losslessNumbers(text))).toEqual({
      a: 'x"1234567890123456789',
      b: ['-12345678901234567890', '1500', true, null],
    })
    expect(losslessNumbers('{"n":1}')).toBe('{"n":"1"}')
    const strings = '{"code":"00000","msg":"a:1","data":{"orderId":"1234567890123456789"}}'
    expect(losslessNumbers(strings)).toBe(strings)
  })

  test.each(['{"a":01}', '{"a":1.}', '{"a":--1}', '{"a":"1', '{"a":.5}', '{"a":1e}'])(
    'lossless numbers: %s, not JSON, stays not JSON',
    (text) => {
      expect(parseEnvelope(`{"code":"00000","data":${text}}`)).toEqual({
        success: false,
        problem: 'not JSON',
      })
    },
  )

  test('lossless numbers: an exponent whose plain form would pass 1000 characters keeps its text (no megabytes from 1e999999999)', () => {
    expect(JSON.parse(losslessNumbers('[1e999999999,-2.5E-1001,1e1000]'))).toEqual([
      '1e999999999',
      '-2.5E-1001',
      `1${'0'.repeat(1000)}`,
    ])
  })
})
