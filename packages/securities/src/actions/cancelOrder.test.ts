/**
 * A cancel whose answer is lost is settled by reading the order back (order-detail): an order
 * read back as `PartialWithdrawal` (partly filled, the remainder withdrawn) is cancelled. The
 * sandbox answers `CanceledStatus` for every cancelled order (orders.test.ts), so a loopback
 * exchange of two routes answers that status here.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Securities } from '@tradeline/rules'
import { describe, expect, test } from 'vitest'
import { createSecuritiesClient } from '../createSecuritiesClient.js'

const quick = { reconcile: { attempts: 3, baseDelayMs: 0 } }

/** The order-detail record of the fixture (a partly filled limit buy), with `status`. */
function orderDetail(status: string): Record<string, unknown> {
  const url = new URL(
    '../../../../fixtures/exchange/securities.stockplus.trade.order-detail.json',
    import.meta.url,
  )
  return { ...JSON.parse(readFileSync(url, 'utf8')).data, status }
}

/**
 * A loopback exchange of two routes: cancel-order answers 45001 (the outcome unknown) and
 * order-detail answers the order with `status`. `calls` lists the paths asked.
 */
async function exchange(status: string) {
  const calls: string[] = []
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    calls.push(path)
    const body =
      path === Securities.getOrderDetail.path
        ? { code: '00000', msg: 'success', requestTime: 0, data: orderDetail(status) }
        : { code: '45001', msg: 'Unknown error', requestTime: 0, data: null }
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const client = createSecuritiesClient({
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: { apiKey: 'key', secret: 'secret', passphrase: 'pass' },
    rateLimiter: false,
    lotSizes: false,
  })
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return { client, calls, close }
}

describe('an order read back as PartialWithdrawal', () => {
  test('decision: PartialWithdrawal (partly filled, the remainder withdrawn) is the cancel applied: the acknowledgement, not OrderNotChangedError', async () => {
    const { client, calls, close } = await exchange('PartialWithdrawal')
    try {
      const orderId = '1372118722438881280'
      expect(await client.orders.cancel({ symbol: 'AAPL.US', orderId }, quick)).toEqual({
        orderId,
        clientOid: null,
        symbol: 'AAPL.US',
      })
      expect(calls).toEqual([Securities.cancelOrder.path, Securities.getOrderDetail.path])
    } finally {
      await close()
    }
  })

  test('a filled order is still proven not cancelled', async () => {
    const { client, close } = await exchange('FilledStatus')
    try {
      const error = await client.orders
        .cancel({ symbol: 'AAPL.US', orderId: '1372118722438881280' }, quick)
        .catch((e: unknown) => e)
      expect((error as Error).name).toBe('OrderNotChangedError')
    } finally {
      await close()
    }
  })
})
