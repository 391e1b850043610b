// The sandbox under bad bodies and queries (users run it in their CI): each case answered with
// its documented code (README "Input limits"), never a 500, and the sandbox healthy afterwards.
// Bodies are generated in memory from one reused chunk, over real HTTP on 127.0.0.1.
import { createHmac } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bodyLimitBytes } from '../body.js'
import { jsonBounds } from '../json.js'
import { ethBuy, paths } from '../test/unified.js'
import { health, type RawAnswer, raw, rssMb, signed, startAbuse } from './harness.js'

let ctx: Awaited<ReturnType<typeof startAbuse>>
let n = 0
const answers: RawAnswer[] = []
const MB = 1024 * 1024

beforeAll(async () => {
  ctx = await startAbuse()
})
afterAll(async () => {
  await ctx.sandbox.close()
})

/** Sends and keeps the answer, so the suite can count the 500s. */
async function send(options: Parameters<typeof raw>[1]): Promise<RawAnswer> {
  const answer = await raw(ctx.sandbox.url, options)
  answers.push(answer)
  return answer
}

/** A signed POST of `body` (text) to place-order. */
const signedPost = (body: string, path: string = paths.place) =>
  send({
    method: 'POST',
    path,
    headers: signed(ctx.sandbox, { method: 'POST', path, body }),
    body,
  })

const codeOf = (answer: RawAnswer) =>
  typeof answer.body === 'string' ? answer.body : answer.body.code
const msgOf = (answer: RawAnswer) =>
  typeof answer.body === 'string' ? answer.body : answer.body.msg

const healthy = async () =>
  expect(await health(ctx, n++)).toEqual(['00000', '00000', '00000', '00000'])

describe('body size: refused with HTTP 413 past bodyLimitBytes, before it is read', () => {
  const chunk = Buffer.alloc(64 * 1024, 'a')
  let before = 0
  beforeAll(() => {
    before = rssMb()
  })

  test('a 256 MB unauthenticated body declared by Content-Length is refused before a byte is read', async () => {
    const answer = await send({
      method: 'POST',
      path: paths.place,
      headers: { 'content-type': 'application/json' },
      body: { chunk, size: 256 * MB, declared: true },
    })
    expect([answer.status, codeOf(answer)]).toEqual([413, '40017'])
    expect(msgOf(answer)).toBe(
      `parameter verification failed: body: expected at most ${bodyLimitBytes} bytes`,
    )
    expect(answer.headers.connection).toBe('close')
  })

  test('a 600 MB body (it answered 500 45001) is refused with 413', async () => {
    const answer = await send({
      method: 'POST',
      path: paths.place,
      headers: signed(ctx.sandbox, { method: 'POST', path: paths.place, body: '' }),
      body: { chunk, size: 600 * MB, declared: true },
    })
    expect([answer.status, codeOf(answer)]).toEqual([413, '40017'])
  })

  test('a chunked 256 MB body of a known key is counted while streaming and cut at the limit', async () => {
    const answer = await send({
      method: 'POST',
      path: paths.place,
      headers: signed(ctx.sandbox, { method: 'POST', path: paths.place, body: 'x' }),
      body: { chunk, size: 256 * MB },
    })
    expect([answer.status, codeOf(answer)]).toEqual([413, '40017'])
  })

  test('a chunked body without a key is refused on its headers (40001) and never read', async () => {
    const answer = await send({
      method: 'POST',
      path: paths.place,
      headers: { 'content-type': 'application/json' },
      body: { chunk, size: 256 * MB },
    })
    expect([answer.status, codeOf(answer)]).toEqual([400, '40001'])
  })

  test('a chunked 256 MB body to an admin route is cut at the limit too', async () => {
    const answer = await send({
      method: 'POST',
      path: '/sandbox/prices',
      headers: { 'content-type': 'application/json' },
      body: { chunk, size: 256 * MB },
    })
    expect([answer.status, codeOf(answer)]).toEqual([413, '40017'])
  })

  test('a body of exactly the limit is read (and refused for what it holds, not its size)', async () => {
    const body = `{"symbol":"${'A'.repeat(bodyLimitBytes - 13)}"}`
    expect(Buffer.byteLength(body)).toBe(bodyLimitBytes)
    const answer = await signedPost(body)
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
  })

  test('the process memory stays bounded after the huge bodies (RSS growth < 200 MB)', async () => {
    // Without the limit a 256 MB body took the process from 62 to 851 MB; with it the sandbox
    // holds at most bodyLimitBytes per request, so the growth is far below the 200 MB margin.
    expect(rssMb() - before).toBeLessThan(200)
    await healthy()
  })
})

/** A GET of `path` exactly as written (`raw` and fetch normalise `..` away before sending). */
function getAsWritten(path: string, headers: Record<string, string>): Promise<string> {
  const target = new URL(ctx.sandbox.url)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path, method: 'GET', headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).code))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the signed path', () => {
  const sent = `/api/v3/x/..${paths.unfilled.slice('/api/v3'.length)}`
  test('is the path as sent: a signature of its normalised form is refused, 40009 (it was accepted)', async () => {
    const query = { category: 'SPOT' }
    const headers = signed(ctx.sandbox, { method: 'GET', path: paths.unfilled, query })
    expect(await getAsWritten(`${sent}?category=SPOT`, headers)).toBe('40009')
  })

  test('a signature of the path as sent verifies', async () => {
    const query = { category: 'SPOT' }
    const headers = signed(ctx.sandbox, { method: 'GET', path: sent, query })
    expect(await getAsWritten(`${sent}?category=SPOT`, headers)).toBe('00000')
  })
})

describe('structure: refused with 40017 before it is parsed', () => {
  test('signed JSON nested 10,000 levels deep answers 400 40017 (it answered 500 45001)', async () => {
    const answer = await signedPost(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toContain(`at most ${jsonBounds.depth} levels of nesting`)
    await healthy()
  })

  test(`a price sent as a 20,000-digit JSON number is refused by its length, 40017 naming it (its exact read was quadratic: 100,000 digits held the event loop 9 s)`, async () => {
    const price = `1.${'0'.repeat(20_000)}1`
    const body = `{"category":"SPOT","symbol":"ETHUSDT","side":"buy","orderType":"limit","qty":"0.1","price":${price}}`
    const answer = await signedPost(body)
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toContain(
      `price: expected a number of at most ${jsonBounds.numberLength} characters`,
    )
    // The same number in an explorer check and an admin body is refused the same way.
    const check = await send({
      method: 'POST',
      path: '/explorer/check',
      headers: { 'content-type': 'application/json' },
      body: `{"method":"POST","path":"${paths.place}","input":{"price":${price}}}`,
    })
    expect(check.status).toBe(400)
    const admin = await send({
      method: 'POST',
      path: '/sandbox/clock/advance',
      headers: { 'content-type': 'application/json' },
      body: `{"ms":${price}}`,
    })
    expect([admin.status, codeOf(admin)]).toEqual([400, '40017'])
    expect(msgOf(admin)).toContain('ms: expected a number of at most')
    await healthy()
  })

  test(`a number of ${jsonBounds.numberLength} characters a double cannot hold is still read exactly`, async () => {
    const price = `2000.${'0'.repeat(jsonBounds.numberLength - 6)}1`
    const body = `{"category":"SPOT","symbol":"ETHUSDT","side":"buy","orderType":"limit","qty":"0.1","price":${price}}`
    const answer = await signedPost(body)
    // Read as its exact decimal (not 2000) and refused by the price step, not by its length.
    expect(msgOf(answer)).not.toContain('expected a number of at most')
    expect(codeOf(answer)).not.toBe('00000')
  })

  test('deep objects and deep admin bodies are refused the same way', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
    expect(codeOf(await signedPost(deep))).toBe('40017')
    const admin = await send({
      method: 'POST',
      path: '/sandbox/orders',
      headers: { 'content-type': 'application/json' },
      body: deep,
    })
    expect([admin.status, codeOf(admin)]).toEqual([400, '40017'])
    await healthy()
  })

  test('a signed 200,000-item batch (23 MB) is refused by its size at once', async () => {
    const item = JSON.stringify(ethBuy({ clientOid: 'x'.repeat(32) }))
    const body = `{"category":"SPOT","orderList":[${Array(200_000).fill(item).join(',')}]}`
    expect(body.length).toBeGreaterThan(20 * MB)
    const answer = await signedPost(body, paths.placeBatch)
    expect([answer.status, codeOf(answer)]).toEqual([413, '40017'])
    await healthy()
  })

  test('a signed 200,000-item batch under the size limit is refused by its item count, with the batch code', async () => {
    const body = `{"category":"SPOT","orderList":[${Array(200_000).fill('0').join(',')}]}`
    expect(body.length).toBeLessThan(bodyLimitBytes)
    const answer = await signedPost(body, paths.placeBatch)
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toContain(`a list of at most ${jsonBounds.items} items`)
    // A batch one past the exchange's own limit keeps the rules' message.
    const item = ethBuy()
    const over = await signedPost(
      JSON.stringify({ category: 'SPOT', orderList: Array(21).fill(item) }),
      paths.placeBatch,
    )
    expect(codeOf(over)).toBe('40017')
    await healthy()
  })

  test('a key sent twice is refused with 40017 naming the key (JSON.parse would keep the last)', async () => {
    const answer = await signedPost(
      '{"category":"SPOT","symbol":"ETHUSDT","symbol":"BTCUSDT","side":"buy","orderType":"limit","qty":"1","price":"3000.00"}',
    )
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toBe(
      'parameter verification failed: symbol: expected a key sent once, received it twice',
    )
    // Spelt differently (an escape), it is still the same key.
    const escaped = await signedPost('{"category":"SPOT","\\u0063ategory":"SPOT"}')
    expect(msgOf(escaped)).toContain('category: expected a key sent once')
  })

  test.each([
    ['an array of numbers', '[1,2,3]'],
    ['a string', '"text"'],
    ['a number', '42'],
    ['null', 'null'],
    ['truncated JSON', '{"category":"SPOT"'],
    ['form encoding', 'category=SPOT&symbol=ETHUSDT'],
  ])('%s as the body answers 400 40017', async (_name, body) => {
    const answer = await signedPost(body)
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
  })
})

describe('encodings, content types and queries', () => {
  test('bytes that are not UTF-8 are refused with 40017 (not replaced and then signed)', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"category":"SPOT","symbol":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}'),
    ])
    const timestamp = String(ctx.sandbox.admin.now())
    const sign = createHmac('sha256', ctx.sandbox.credentials.secret)
      .update(Buffer.concat([Buffer.from(`${timestamp}POST${paths.place}`), bytes]))
      .digest('base64')
    const answer = await send({
      method: 'POST',
      path: paths.place,
      headers: {
        'ACCESS-KEY': ctx.sandbox.credentials.apiKey,
        'ACCESS-SIGN': sign,
        'ACCESS-PASSPHRASE': ctx.sandbox.credentials.passphrase,
        'ACCESS-TIMESTAMP': timestamp,
        'content-type': 'application/json',
      },
      body: bytes,
    })
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toBe('parameter verification failed: body: expected UTF-8 text')
    await healthy()
  })

  test.each([
    ['text/plain', 'text/plain'],
    ['no content type', undefined],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
  ])(
    'decision: the content type is not checked: a JSON body sent as %s is read as JSON',
    async (_name, type) => {
      const body = JSON.stringify(ethBuy({ clientOid: `ct-${n++}` }))
      const headers = signed(ctx.sandbox, { method: 'POST', path: paths.place, body })
      if (type === undefined) delete headers['Content-Type']
      else headers['Content-Type'] = type
      const answer = await send({ method: 'POST', path: paths.place, headers, body })
      expect([answer.status, codeOf(answer)]).toEqual([200, '00000'])
    },
  )

  test('a multipart body answers 400 40017', async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="category"\r\n\r\nSPOT\r\n--x--'
    const headers = {
      ...signed(ctx.sandbox, { method: 'POST', path: paths.place, body }),
      'Content-Type': 'multipart/form-data; boundary=x',
    }
    const answer = await send({ method: 'POST', path: paths.place, headers, body })
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
  })

  test('decision: a query parameter sent twice (?category=a&category=b) is refused with 40017 naming it', async () => {
    const rawQuery = 'category=SPOT&category=USDT-FUTURES'
    const timestamp = ctx.sandbox.admin.now()
    const headers = signed(ctx.sandbox, { method: 'GET', path: paths.unfilled, query: {} })
    const sorted = 'category=SPOT&category=USDT-FUTURES'
    headers['ACCESS-SIGN'] = createHmac('sha256', ctx.sandbox.credentials.secret)
      .update(`${timestamp}GET${paths.unfilled}?${sorted}`)
      .digest('base64')
    headers['ACCESS-TIMESTAMP'] = String(timestamp)
    const answer = await send({ method: 'GET', path: `${paths.unfilled}?${rawQuery}`, headers })
    expect([answer.status, codeOf(answer)]).toEqual([400, '40017'])
    expect(msgOf(answer)).toBe(
      'parameter verification failed: category: expected a query parameter sent once, received it twice',
    )
    await healthy()
  })
})

describe('the whole file', () => {
  test('no answer was an HTTP 500, and the sandbox counted no internal error', () => {
    expect(answers.length).toBeGreaterThan(20)
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([])
    expect(ctx.sandbox.sandbox.internalErrors.count).toBe(0)
  })
})
