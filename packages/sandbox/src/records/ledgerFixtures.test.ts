import { afterAll, beforeAll, expect, test } from 'vitest'
import { classicAccount, market, pair } from '../test/classic.js'
import { fixture, shapeIssues } from '../test/shape.js'
import { btc, type Caller, ethBuy, paths, start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let classic: Caller
let unified: Caller

beforeAll(async () => {
  ctx = await start({ fees: { maker: '0.0002', taker: '0.0006' } })
  const a = classicAccount(ctx)
  classic = a.api
  // A fill, a funding payment, a closed position and a transfer on the classic account.
  await classic.post('/api/v2/mix/order/place-order', market())
  await fetch(`${ctx.sandbox.url}/sandbox/funding-rate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTCUSDT', rate: '0.0001' }),
  })
  ctx.sandbox.admin.advanceClock(8 * 3_600_000)
  await classic.post('/api/v2/mix/order/place-order', market({ side: 'sell' }))
  await classic.post('/api/v2/mix/order/place-order', market())
  await classic.post('/api/v2/spot/wallet/transfer', {
    fromType: 'usdt_futures',
    toType: 'spot',
    coin: 'USDT',
    amount: '10',
  })
  // The same on the unified account, closed with close-positions.
  unified = ctx.api
  ctx.sandbox.admin.setBalance('USDT', '1000000000')
  await unified.post(paths.place, btc({ orderType: 'market', price: undefined }))
  await unified.post('/api/v3/trade/close-positions', { category: 'USDT-FUTURES' })
})
afterAll(() => ctx.sandbox.close())

test.each([
  ['classic.mix.account.bill.json', '/api/v2/mix/account/bill', { productType: 'USDT-FUTURES' }],
  [
    'classic.mix.order.fill-history.json',
    '/api/v2/mix/order/fill-history',
    { productType: 'USDT-FUTURES' },
  ],
  [
    'classic.mix.position.single-position.json',
    '/api/v2/mix/position/single-position',
    { ...pair, marginCoin: 'USDT' },
  ],
  ['classic.mix.position.history-position.json', '/api/v2/mix/position/history-position', {}],
  ['classic.mix.market.current-fund-rate.json', '/api/v2/mix/market/current-fund-rate', pair],
  ['classic.mix.market.history-fund-rate.json', '/api/v2/mix/market/history-fund-rate', pair],
  [
    'classic.spot.account.transferRecords.json',
    '/api/v2/spot/account/transferRecords',
    { coin: 'USDT' },
  ],
  [
    'uta.account.financial-records.json',
    '/api/v3/account/financial-records',
    { category: 'USDT-FUTURES' },
  ],
  [
    'uta.position.history-position.json',
    '/api/v3/position/history-position',
    { category: 'USDT-FUTURES' },
  ],
  ['uta.market.current-fund-rate.json', '/api/v3/market/current-fund-rate', { symbol: 'BTCUSDT' }],
  [
    'uta.market.history-fund-rate.json',
    '/api/v3/market/history-fund-rate',
    { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
  ],
] as const)(
  '%s: the sandbox answers GET %s with every documented key and JSON type',
  async (name, path, query) => {
    const caller = name.startsWith('uta.') ? unified : classic
    const { body } = await caller.get(path, query as Record<string, string>)
    expect(body.code).toBe('00000')
    expect(shapeIssues(fixture(name), body)).toEqual([])
  },
)

test('classic.spot.wallet.transfer.json and uta.trade.close-positions.json: the write answers', async () => {
  const moved = await classic.post('/api/v2/spot/wallet/transfer', {
    fromType: 'spot',
    toType: 'usdt_futures',
    coin: 'USDT',
    amount: '1',
  })
  expect(shapeIssues(fixture('classic.spot.wallet.transfer.json'), moved.body)).toEqual([])
  await unified.post(paths.place, btc({ orderType: 'market', price: undefined }))
  const closed = await unified.post('/api/v3/trade/close-positions', { category: 'USDT-FUTURES' })
  expect(shapeIssues(fixture('uta.trade.close-positions.json'), closed.body)).toEqual([])
})

test('uta.trade.cancel-symbol-order.json: cancel-all answers its item results under `list` (a bare array before)', async () => {
  await unified.post(paths.place, ethBuy({ clientOid: 'fixture-cancel-all' }))
  const cancelled = await unified.post('/api/v3/trade/cancel-symbol-order', { category: 'SPOT' })
  expect(shapeIssues(fixture('uta.trade.cancel-symbol-order.json'), cancelled.body)).toEqual([])
  expect(cancelled.body.data.list).toContainEqual(
    expect.objectContaining({ clientOid: 'fixture-cancel-all', code: '00000' }),
  )
})
