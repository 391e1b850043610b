import { afterEach, expect, test } from 'vitest'
import type { RunningSandbox } from '../server.js'
import { start } from '../test/unified.js'
import { connect, loginMessage } from '../test/ws.js'

const opened: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

const algo = { instType: 'USDT-FUTURES', channel: 'orders-algo', instId: 'default' }

test('orders-algo pushes a plan order when it is placed (live), executed (with triggerTime and actualSize) and cancelled', async () => {
  const started = await start({ rateLimits: false })
  const { sandbox } = started
  opened.push(sandbox)
  const uid = '7800000101'
  const credentials = sandbox.admin.addKey({ uid, accountMode: 'classic' })
  sandbox.admin.setClassicPositionMode('one_way', { uid })
  sandbox.admin.setBalance('USDT', '1000000', uid)
  sandbox.admin.setPrice('BTCUSDT', '65000.0')
  const api = started.as(credentials)
  const client = await connect(`${sandbox.wsUrl}/v2/ws/private`)
  client.send(loginMessage(credentials, Math.floor(sandbox.admin.now() / 1000)))
  expect(await client.next()).toMatchObject({ event: 'login', code: 0 })
  client.send({ op: 'subscribe', args: [algo] })
  expect(await client.next()).toEqual({ event: 'subscribe', arg: algo })

  const plan = {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    planType: 'normal_plan',
    marginMode: 'crossed',
    marginCoin: 'USDT',
    size: '1',
    triggerType: 'fill_price',
    side: 'buy',
    orderType: 'market',
  }
  const first = await api.post('/api/v2/mix/order/place-plan-order', {
    ...plan,
    triggerPrice: '66000',
    clientOid: 'ws-1',
  })
  expect(await client.next()).toMatchObject({
    action: 'snapshot',
    arg: algo,
    data: [
      { orderId: first.body.data.orderId, clientOid: 'ws-1', status: 'live', triggerTime: '' },
    ],
  })
  sandbox.admin.setPrice('BTCUSDT', '66000.0')
  expect(await client.next()).toMatchObject({
    data: [{ clientOid: 'ws-1', status: 'executed', actualSize: '1', planType: 'normal_plan' }],
  })
  await api.post('/api/v2/mix/order/place-plan-order', {
    ...plan,
    triggerPrice: '70000',
    clientOid: 'ws-2',
  })
  expect((await client.next()).data[0].status).toBe('live')
  await api.post('/api/v2/mix/order/cancel-plan-order', { productType: 'USDT-FUTURES' })
  expect(await client.next()).toMatchObject({ data: [{ clientOid: 'ws-2', status: 'cancelled' }] })
})
