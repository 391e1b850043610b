// Property test of losslessNumbers: every JSON number of a response is read as a decimal string
// from its own text (never through a double), in plain decimal notation; numbers written inside
// JSON strings are left alone.
import { fc, test } from '@fast-check/vitest'
import { fuzzParameters } from '@tradeline/fuzz'
import { describe, expect } from 'vitest'
import { losslessNumbers, parseEnvelope } from './Envelope.js'

/** A JSON number text, with its parts: sign, integer digits, fraction digits and exponent. */
const numberText = fc
  .record({
    negative: fc.boolean(),
    int: fc.oneof(
      fc.constant('0'),
      fc.stringMatching(/^[1-9][0-9]{0,4}$/),
      fc.stringMatching(/^[1-9][0-9]{10,25}$/),
    ),
    frac: fc.oneof(
      fc.constant(''),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.stringMatching(/^[0-9]{7,25}$/),
    ),
    exp: fc.oneof(
      fc.constant(undefined),
      fc.record({
        e: fc.constantFrom('e', 'E'),
        sign: fc.constantFrom('', '+', '-'),
        digits: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 400 })),
        zeros: fc.constantFrom('', '0', '00'),
      }),
    ),
  })
  .map((p) => ({
    ...p,
    text: `${p.negative ? '-' : ''}${p.int}${p.frac ? `.${p.frac}` : ''}${
      p.exp ? `${p.exp.e}${p.exp.sign}${p.exp.zeros}${p.exp.digits}` : ''
    }`,
  }))

/** `units × 10^-scale` of a plain decimal string. */
function decimalOf(plain: string): { units: bigint; scale: number } {
  const [int, frac = ''] = plain.replace('-', '').split('.')
  const units = BigInt(`${int}${frac}`)
  return { units: plain.startsWith('-') ? -units : units, scale: frac.length }
}

function equal(a: { units: bigint; scale: number }, b: { units: bigint; scale: number }) {
  const scale = Math.max(a.scale, b.scale)
  return a.units * 10n ** BigInt(scale - a.scale) === b.units * 10n ** BigInt(scale - b.scale)
}

describe('losslessNumbers (property)', () => {
  test.prop({ n: numberText }, fuzzParameters(500))(
    'lossless numbers: every JSON number is read as the exact decimal string of its own text, in plain notation; the same text inside a JSON string is untouched',
    ({ n }) => {
      const parsed = parseEnvelope(
        `{"code":"00000","msg":"${n.text}","data":{"n":${n.text},"list":[${n.text}, ${n.text}],"s":"${n.text}"}}`,
      )
      expect(parsed.success).toBe(true)
      if (!parsed.success) return
      const data = parsed.envelope.data as { n: unknown; list: unknown[]; s: unknown }
      expect(parsed.envelope.msg).toBe(n.text)
      expect(data.s).toBe(n.text)
      expect(data.list).toEqual([data.n, data.n])
      const out = data.n as string
      expect(typeof out).toBe('string')
      // Plain decimal notation, no leading zeros, the sign kept as written.
      expect(out).toMatch(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/)
      expect(out.startsWith('-')).toBe(n.negative)
      // Exactly the value of the text: units × 10^(exp - fraction digits).
      const exp = n.exp ? Number(`${n.exp.sign === '-' ? '-' : ''}${n.exp.digits}`) : 0
      const written = { units: BigInt(`${n.int}${n.frac}`), scale: n.frac.length - exp }
      if (n.negative) written.units = -written.units
      expect(equal(decimalOf(out), written)).toBe(true)
      // The digits after the point are those written (shifted by the exponent), no more, no fewer.
      expect(decimalOf(out).scale).toBe(Math.max(0, written.scale))
      // Without an exponent the text is kept as written.
      if (!n.exp) expect(out).toBe(n.text)
    },
  )

  test.prop({ value: fc.jsonValue(), indent: fc.constantFrom(0, 2) }, fuzzParameters(300))(
    'lossless numbers: any JSON document keeps its shape and strings; each number becomes a plain decimal string of the same value',
    ({ value, indent }) => {
      const read: unknown = JSON.parse(losslessNumbers(JSON.stringify(value, null, indent)))
      const same = (original: unknown, got: unknown): void => {
        if (typeof original === 'number') {
          expect(got).toMatch(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/)
          expect(Number(got) === original).toBe(true)
        } else if (Array.isArray(original)) {
          expect(Array.isArray(got) && got.length === original.length).toBe(true)
          for (const [index, item] of original.entries()) same(item, (got as unknown[])[index])
        } else if (original !== null && typeof original === 'object') {
          const entries = Object.entries(got as object)
          expect(entries.map(([key]) => key)).toEqual(Object.keys(original))
          for (const [key, item] of Object.entries(original))
            same(item, entries.find(([k]) => k === key)?.[1])
        } else expect(got).toBe(original)
      }
      same(value, read)
    },
  )
})

/**
 * The envelope as read when every number is quoted first (the reference `parseEnvelope` keeps to
 * when it skips the quoting for an envelope whose one number is its `requestTime`).
 */
function quotedFirst(text: string) {
  let json: Record<string, unknown>
  try {
    json = JSON.parse(losslessNumbers(text))
  } catch {
    return 'not JSON'
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return 'not an object'
  const requestTime = Number(json.requestTime)
  return {
    code: String(json.code),
    msg: typeof json.msg === 'string' ? json.msg : '',
    requestTime:
      json.requestTime === undefined || Number.isNaN(requestTime) ? undefined : requestTime,
    data: json.data,
  }
}

/** Texts that look like a `requestTime` key or a number start, in strings and in nested data. */
const tricky = fc.constantFrom(
  '"requestTime":5',
  '\\"requestTime\\":5',
  ':1',
  '[2',
  ',-3',
  'requestTime',
  '',
)

describe('parseEnvelope without quoting (property)', () => {
  test.prop(
    {
      requestTime: fc.oneof(
        fc.constant(undefined),
        fc.integer({ min: 0, max: 2 ** 53 }).map(String),
        fc.constantFrom('"1700000000000"', '1.5e3', '-0', 'null', '"x"'),
      ),
      data: fc.jsonValue({ maxDepth: 3 }),
      nested: fc.oneof(fc.constant(undefined), fc.integer(), fc.constant('"7"')),
      words: fc.array(tricky, { maxLength: 3 }),
      spaced: fc.boolean(),
    },
    fuzzParameters(500),
  )(
    'an envelope reads the same as when every number is quoted first: requestTime where it sits, nested keys of the same name, look-alikes inside strings',
    ({ requestTime, data, nested, words, spaced }) => {
      const parts = [`"code":"00000"`, `"msg":${JSON.stringify(words.join(' '))}`]
      if (requestTime !== undefined)
        parts.push(`"requestTime"${spaced ? ' : ' : ':'}${requestTime}`)
      const inner =
        nested === undefined
          ? JSON.stringify(data)
          : `{"requestTime":${nested},"v":${JSON.stringify(data)}}`
      parts.push(`"data":${inner}`)
      for (const order of [parts, [...parts].reverse()]) {
        const text = `{${order.join(',')}}`
        const parsed = parseEnvelope(text)
        const reference = quotedFirst(text)
        if (typeof reference === 'string') expect(parsed.success).toBe(false)
        else expect(parsed).toEqual({ success: true, envelope: reference })
      }
    },
  )
})
