/**
 * bitget-api (tiagosiebler) `WebsocketClientV3`, the unified account's WebSocket client, against
 * the sandbox's private endpoint: its login (signed its own way) is accepted, and the order and
 * fill pushes of a REST order reach it as the exchange's push records.
 */
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { RestClientV3, WebsocketClientV3 } from 'bitget-api'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

let sandbox: RunningSandbox
let ws: WebsocketClientV3
const updates: { topic: string | undefined; data: Record<string, unknown>[] | undefined }[] = []
const events: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false })
  const { apiKey, secret, passphrase } = sandbox.credentials
  ws = new WebsocketClientV3(
    { apiKey, apiSecret: secret, apiPass: passphrase, wsUrl: `${sandbox.wsUrl}/v3/ws/private` },
    { trace: () => {}, info: () => {}, error: () => {} } as never,
  )
  ws.on(
    'update',
    (event: { arg?: { topic?: string }; data?: Record<string, unknown>[] }) =>
      void updates.push({ topic: event.arg?.topic, data: event.data }),
  )
  ws.on('authenticated', () => void events.push('authenticated'))
  ws.on(
    'response',
    (event: { event?: string; arg?: { topic?: string } }) =>
      void events.push(`${event.event} ${event.arg?.topic}`),
  )
  ws.on('exception', (event: unknown) => void events.push(`exception ${JSON.stringify(event)}`))
})

afterAll(async () => {
  ws?.closeAll(true)
  await sandbox?.close()
})

const waitFor = async (check: () => boolean, what: string) => {
  const end = Date.now() + 8000
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${events.join('; ')}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('WebsocketClientV3 against the sandbox', () => {
  test('logs in and receives the order and fill pushes of an order placed and filled', async () => {
    await ws.subscribe(
      [
        { topic: 'order', payload: { instType: 'UTA' } },
        { topic: 'fill', payload: { instType: 'UTA' } },
      ] as never,
      'v3Private',
    )
    await waitFor(() => events.includes('authenticated'), 'the login')
    const { apiKey, secret, passphrase } = sandbox.credentials
    const rest = new RestClientV3({
      apiKey,
      apiSecret: secret,
      apiPass: passphrase,
      baseUrl: sandbox.url,
    })
    await waitFor(
      () => events.includes('subscribe order') && events.includes('subscribe fill'),
      'the subscription acks',
    )
    const { data } = await rest.submitNewOrder({
      category: 'SPOT',
      symbol: 'ETHUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.01',
      price: '3000',
      timeInForce: 'gtc',
    } as never)
    sandbox.admin.fill(data.orderId)
    await waitFor(() => updates.filter((u) => u.topic === 'order').length >= 2, 'two order pushes')
    await waitFor(() => updates.some((u) => u.topic === 'fill'), 'the fill push')
    const orders = updates.filter((u) => u.topic === 'order').map((u) => u.data?.[0])
    expect(orders.map((o) => o?.orderStatus)).toEqual(['live', 'filled'])
    // The push spellings of docs/records.md: lower-case category and reduceOnly.
    expect(orders[1]).toMatchObject({ orderId: data.orderId, category: 'spot', reduceOnly: 'no' })
    const fill = updates.find((u) => u.topic === 'fill')?.data?.[0]
    expect(fill).toMatchObject({ orderId: data.orderId, execQty: '0.01' })
    expect(fill).toHaveProperty('execTime')
    expect(events.filter((e) => e.startsWith('exception'))).toEqual([])
  })
})
