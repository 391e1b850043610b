// An upstream that echoes the request into a batch item's refusal text (a proxy, a debugging
// gateway): the item's `msg` is the exchange's text like an error's, and is redacted alike. A
// small HTTP server on 127.0.0.1 of this file answers every batch so (found by a secret scan).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createUnifiedClient } from '../createUnifiedClient.js'

const credentials = {
  apiKey: 'bg_batchredaction0001',
  secret: 'SECRETSECRET0123456789abcdefSECRET',
  passphrase: 'PASSPHRASEXYZ98765',
}
const signs: string[] = []
let server: Server
let url: string

const header = (req: IncomingMessage, name: string) => String(req.headers[name] ?? '')

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const sign = header(req, 'access-sign')
      signs.push(sign)
      const echo = `rejected; sign=${sign} pass=${header(req, 'access-passphrase')}`
      const items = JSON.parse(body || '[]') as { clientOid?: string }[]
      const data = items.map((item) => ({
        orderId: '',
        clientOid: item.clientOid ?? '',
        code: '43011',
        msg: echo,
      }))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: '00000', msg: 'success', requestTime: Date.now(), data }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const order = (price: string) =>
  ({
    category: 'SPOT',
    symbol: 'ETHUSDT',
    side: 'buy',
    orderType: 'limit',
    qty: '0.01',
    price,
  }) as const

describe("a batch item's refusal text that echoes the request", () => {
  test('is redacted in batch.place outcomes and in batch.placeOne results: no signature, no passphrase', async () => {
    const client = createUnifiedClient({
      baseUrl: url,
      credentials,
      instruments: false,
      rateLimiter: false,
    })
    const outcomes = await client.batch.place([order('3000'), order('3001')])
    const one = await client.batch.placeOne([order('3002'), order('3003')])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected'])
    expect(one.map((r) => r.code)).toEqual(['43011', '43011'])
    const texts = [JSON.stringify(outcomes), JSON.stringify(one), inspect([outcomes, one])]
    expect(signs.length).toBeGreaterThan(0)
    for (const text of texts) {
      expect(text).toContain('[redacted]')
      expect(text).not.toContain(credentials.passphrase)
      for (const sign of signs) expect(text).not.toContain(sign)
    }
  })
})
