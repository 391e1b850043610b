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
        data: { orderId: '1234567890123456789', price: '0.30000000000000004', qty: 5 },
      },
    })
  })

  test('numbers inside strings, escaped quotes and short numbers are left alone', () => {
    const text = '{"a":"x\\"1234567890123456789","b":[-12345678901234567890,1.5e3,true,null]}'
    expect(JSON.parse(losslessNumbers(text))).toEqual({
      a: 'x"1234567890123456789',
      b: ['-12345678901234567890', 1500, true, null],
    })
    expect(losslessNumbers('{"n":1}')).toBe('{"n":1}')
  })
})
