// An upstream that echoes the request into a batch's failure texts (a proxy, a debugging
// gateway): each `errorMsg` is the exchange's text like an error's, and is redacted alike; two
// refused placements, each answered with an empty `orderId`, keep their own entries. A small
// HTTP server on 127.0.0.1 of this file answers every batch so (found by a secret scan).
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClassicFuturesClient } from '../createClassicFuturesClient.js'

const credentials = {
  apiKey: 'bg_batchredaction0002',
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
      const echo = `refused; sign=${sign} pass=${header(req, 'access-passphrase')}`
      const { orderList = [] } = JSON.parse(body || '{}') as {
        orderList?: { clientOid?: string }[]
      }
      const failureList = orderList.map((item) => ({
        orderId: '',
        clientOid: item.clientOid ?? '',
        errorCode: '40762',
        errorMsg: echo,
      }))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          code: '00000',
          msg: 'success',
          requestTime: Date.now(),
          data: { successList: [], failureList, result: false },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const item = (price: string, clientOid: string) =>
  ({
    size: '0.01',
    price,
    side: 'buy',
    orderType: 'limit',
    clientOid,
  }) as const

describe("a batch's failure texts that echo the request", () => {
  test('batch.placeOne: each failure keeps its own clientOid (an empty orderId names no order), its errorMsg redacted', async () => {
    const client = createClassicFuturesClient({
      baseUrl: url,
      credentials,
      instruments: false,
      positionMode: 'one_way',
      rateLimiter: false,
    })
    const result = await client.batch.placeOne({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      marginMode: 'crossed',
      orderList: [item('60000', 'first-1'), item('60001', 'second-2')],
    })
    // Before the fix both entries were the first refusal's.
    expect(result.failureList.map((f) => f.clientOid)).toEqual(['first-1', 'second-2'])
    const text = `${JSON.stringify(result)} ${inspect(result)}`
    expect(text).toContain('[redacted]')
    expect(text).not.toContain(credentials.passphrase)
    expect(signs.length).toBeGreaterThan(0)
    for (const sign of signs) expect(text).not.toContain(sign)
  })
})
