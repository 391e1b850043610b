import { createHmac, generateKeyPairSync, sign as nodeSign } from 'node:crypto'
import { bench, describe } from 'vitest'
import { createHmacSigner, createRsaSigner, encodeQuery, prehash } from './sign.js'

const secret = 'b6c3d1a0f1e2d3c4b5a69788'
const signer = createHmacSigner(secret)
const web = createHmacSigner(secret, { engine: 'web' })
const query = { category: 'SPOT', symbol: '$BTC比特币', limit: 100, startTime: '1700000000000' }
const body = JSON.stringify({
  category: 'SPOT',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '42000.5',
})
// A 2048-bit key, the usual size of an exchange RSA key; generated per run, never committed.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const rsa = createRsaSigner(pem)
const rsaWeb = createRsaSigner(pem, { engine: 'web' })
await signer.sign('warm up the key import')
await web.sign('warm up the key import')
await rsaWeb.sign('warm up the key import')

describe('sign a GET (prehash + query encoding + HMAC)', () => {
  bench('@tradeline/core (default engine)', async () => {
    const timestamp = String(Date.now())
    encodeQuery(query)
    await signer.sign(
      prehash({ timestamp, method: 'GET', path: '/api/v3/trade/unfilled-orders', query }),
    )
  })

  bench('@tradeline/core (engine: web)', async () => {
    const timestamp = String(Date.now())
    encodeQuery(query)
    await web.sign(
      prehash({ timestamp, method: 'GET', path: '/api/v3/trade/unfilled-orders', query }),
    )
  })

  bench('baseline: node:crypto createHmac', () => {
    const timestamp = String(Date.now())
    const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))
    entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')
    const raw = entries.map(([k, v]) => `${k}=${v}`).join('&')
    createHmac('sha256', secret)
      .update(`${timestamp}GET/api/v3/trade/unfilled-orders?${raw}`)
      .digest('base64')
  })
})

describe('sign a POST (prehash + HMAC)', () => {
  bench('@tradeline/core (default engine)', async () => {
    await signer.sign(
      prehash({
        timestamp: String(Date.now()),
        method: 'POST',
        path: '/api/v3/trade/place-order',
        body,
      }),
    )
  })

  bench('@tradeline/core (engine: web)', async () => {
    await web.sign(
      prehash({
        timestamp: String(Date.now()),
        method: 'POST',
        path: '/api/v3/trade/place-order',
        body,
      }),
    )
  })

  bench('baseline: node:crypto createHmac', () => {
    createHmac('sha256', secret)
      .update(`${Date.now()}POST/api/v3/trade/place-order${body}`)
      .digest('base64')
  })
})

describe('sign a POST: RSA (SHA-256, PKCS#1 v1.5, 2048-bit) against HMAC', () => {
  const text = () =>
    prehash({
      timestamp: String(Date.now()),
      method: 'POST',
      path: '/api/v3/trade/place-order',
      body,
    })

  bench('HMAC: createHmacSigner (default engine)', async () => {
    await signer.sign(text())
  })

  bench('RSA: createRsaSigner (default engine)', async () => {
    await rsa.sign(text())
  })

  bench('RSA: createRsaSigner (engine: web)', async () => {
    await rsaWeb.sign(text())
  })

  bench('baseline: node:crypto sign', () => {
    nodeSign('sha256', Buffer.from(text()), privateKey).toString('base64')
  })
})
