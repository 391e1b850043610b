import { BaseError } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import {
  ApiError,
  MissingCredentialsError,
  NetworkError,
  RateLimitedError,
  ResponseError,
  TimeoutError,
  UnknownOutcomeError,
} from './Errors.js'

const at = { endpoint: 'unified.getFills', method: 'GET', path: '/api/v3/trade/fills' } as const
const post = {
  endpoint: 'unified.placeOrder',
  method: 'POST',
  path: '/api/v3/trade/place-order',
} as const

describe('ApiError', () => {
  test('a hint the client adds is kept and printed as the last detail line', () => {
    const error = new ApiError({
      ...at,
      code: '40774',
      msg: 'The order type for unilateral position must also be the unilateral position type.',
      status: 400,
      retrySafe: true,
      hint: 'The account is in hedge mode: send tradeSide.',
    })
    expect(error.hint).toBe('The account is in hedge mode: send tradeSide.')
    expect(error.message.split('\n').at(-1)).toContain('Hint: The account is in hedge mode')
    const plain = new ApiError({ ...at, code: '1', msg: 'x', status: 400, retrySafe: true })
    expect(plain.hint).toBeUndefined()
    expect(plain.message).not.toContain('Hint:')
  })

  test('carries code, msg, status, requestTime, endpoint and retrySafe', () => {
    const error = new ApiError({
      ...at,
      code: '40009',
      msg: 'sign signature error',
      status: 400,
      requestTime: 17,
      retrySafe: true,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "The exchange answered 40009: sign signature error

      Request: GET /api/v3/trade/fills (unified.getFills)
      HTTP status: 400
      Request time: 17
      Retry safe: yes"
    `)
    expect([error.code, error.msg, error.status, error.requestTime, error.retrySafe]).toEqual([
      '40009',
      'sign signature error',
      400,
      17,
      true,
    ])
    expect(ApiError.isInstance(error) && BaseError.isInstance(error)).toBe(true)
  })
})

describe('RateLimitedError', () => {
  test('is an ApiError, retry safe, with retryAfterMs', () => {
    const error = new RateLimitedError({
      ...at,
      code: '429',
      msg: 'Too Many Requests',
      status: 429,
      retryAfterMs: 2000,
    })
    expect([ApiError.isInstance(error), error.retrySafe, error.retryAfterMs, error.name]).toEqual([
      true,
      true,
      2000,
      'RateLimitedError',
    ])
  })
})

describe('UnknownOutcomeError', () => {
  test('from a code', () => {
    const error = new UnknownOutcomeError({
      ...post,
      reason: 'code',
      code: '40725',
      msg: 'service return an error',
      status: 200,
    })
    expect(error.message).toMatchInlineSnapshot(`
      "The outcome of unified.placeOrder is unknown (40725: service return an error).

      Request: POST /api/v3/trade/place-order (unified.placeOrder)
      HTTP status: 200
      The change may or may not have been applied: query it (e.g. by clientOid) before sending it again."
    `)
    expect([
      error.retrySafe,
      ApiError.isInstance(error),
      UnknownOutcomeError.isInstance(error),
    ]).toEqual([false, false, true])
  })

  test('from a timeout', () => {
    expect(new UnknownOutcomeError({ ...post, reason: 'timeout' }).shortMessage).toBe(
      'The outcome of unified.placeOrder is unknown (timeout).',
    )
  })
})

describe('NetworkError', () => {
  test.each([
    [at, true, true],
    [post, false, true],
    [post, true, false],
  ] as const)('%j sent=%s -> retrySafe %s', (info, sent, retrySafe) => {
    expect(new NetworkError({ ...info, sent }).retrySafe).toBe(retrySafe)
  })

  const refused = (address: string) =>
    Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' })
  test.each([
    ['no cause', undefined, 'The request to unified.getFills failed on the network.'],
    [
      'fetch failed with no reason',
      new TypeError('fetch failed'),
      'The request to unified.getFills failed on the network.',
    ],
    [
      'both addresses of a host refused',
      new TypeError('fetch failed', {
        cause: new AggregateError([refused('::1:9'), refused('127.0.0.1:9')], ''),
      }),
      'The request to unified.getFills failed on the network: connect ECONNREFUSED ::1:9; connect ECONNREFUSED 127.0.0.1:9.',
    ],
  ])('the message names the deepest reason of the cause chain: %s', (_, cause, message) => {
    expect(new NetworkError({ ...at, sent: false, cause }).shortMessage).toBe(message)
  })
})

describe('TimeoutError', () => {
  test('names the endpoint and the timeout', () => {
    const error = new TimeoutError({ ...at, timeout: 500 })
    expect([error.shortMessage, error.retrySafe]).toEqual([
      'unified.getFills got no response within 500 ms.',
      true,
    ])
  })
})

describe('ResponseError', () => {
  test('shows an excerpt of the body', () => {
    const error = new ResponseError({
      ...at,
      status: 502,
      problem: 'not JSON',
      body: '<html>\n  Bad   Gateway\n</html>',
    })
    expect(error.metaMessages).toEqual([
      'Request: GET /api/v3/trade/fills (unified.getFills)',
      'HTTP status: 502',
      'Body: <html> Bad Gateway </html>',
    ])
  })
})

describe('MissingCredentialsError', () => {
  test('names the endpoint', () => {
    expect(new MissingCredentialsError({ endpoint: 'unified.getFills' }).message).toBe(
      'unified.getFills is private: create the transport with `credentials`.',
    )
  })
})

describe('isInstance', () => {
  test('identity holds across classes and does not leak between siblings', () => {
    const errors = [
      new TimeoutError({ ...at, timeout: 1 }),
      new NetworkError({ ...at, sent: true }),
      new ResponseError({ ...at, status: 200, problem: 'x' }),
    ]
    expect(
      errors.map((e) => [
        TimeoutError.isInstance(e),
        NetworkError.isInstance(e),
        ResponseError.isInstance(e),
      ]),
    ).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ])
  })
})
