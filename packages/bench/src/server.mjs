// The server every per-order contender talks to, in its own process so that its work does not
// share the measuring process's core: a sandbox (rate limits off) behind a front that answers
// POST /api/v3/trade/place-order at once with a fixed success envelope (the clientOid echoed)
// and passes every other request (instruments, account settings, markets, time) to the sandbox.
// The order path costs every contender the same few microseconds, so the ratios show what each
// client adds, not the sandbox's matching engine.
//
// Started by `startServer()` of ./orders.mjs; prints one JSON line `{ url, credentials }`.
import { createServer } from 'node:http'
import { startSandbox } from '@tradeline/sandbox'
import { request } from 'undici'
import { placeOrderAnswer } from './raw.mjs'

const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', rateLimits: false, seed: 7 })
sandbox.admin.setBalance('USDT', '1000000000000')
let orderId = 1_000_000

const front = createServer((req, res) => {
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', async () => {
    const body = Buffer.concat(chunks).toString()
    if (req.method === 'POST' && req.url === '/api/v3/trade/place-order') {
      const answer = placeOrderAnswer(body, ++orderId)
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
      })
      res.end(answer)
      return
    }
    try {
      const headers = { ...req.headers }
      delete headers.host
      delete headers['content-length']
      delete headers.connection
      const upstream = await request(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
      const text = await upstream.body.text()
      res.writeHead(upstream.statusCode, { 'content-type': 'application/json' })
      res.end(text)
    } catch (error) {
      res.writeHead(502)
      res.end(String(error))
    }
  })
})
front.keepAliveTimeout = 60_000
await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve))
const { port } = front.address()
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${port}`, credentials: sandbox.credentials })}\n`,
)
// Stops with the parent: when its stdin closes.
process.stdin.resume()
process.stdin.on('end', async () => {
  front.close()
  await sandbox.close()
  process.exit(0)
})
