import { ClassicFutures, Market, Public, Unified } from '@tradeline/rules'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { classicAccount, classicPaths, order } from '../test/classic.js'
import { fixture, shapeIssues } from '../test/shape.js'
import { btc, type Caller, ethBuy, paths, start } from '../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
let countdown: Caller
/** Ids of what the setup placed. */
const ids = { spotMarket: '', resting: '', filledFutures: '', historyStrategy: '' }

/** A public GET over real HTTP. */
const open = async (path: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString()
  const response = await fetch(`${ctx.sandbox.url}${path}${search ? `?${search}` : ''}`)
  return response.json()
}

beforeAll(async () => {
  ctx = await start()
  countdown = ctx.as(ctx.sandbox.admin.addKey({ permissions: ['trade_rw', 'countdown'] }))
  // A spot market buy given as a quote amount, as in the order-info example.
  const market = ethBuy({ orderType: 'market', price: undefined, qty: '100', clientOid: 'fx-m' })
  ids.spotMarket = (await ctx.api.post(paths.place, market)).body.data.orderId
  // A resting futures limit order (open orders example) and a filled one (history, fills).
  ids.resting = (await ctx.api.post(paths.place, btc({ clientOid: 'fx-r' }))).body.data.orderId
  const filled = btc({ orderType: 'market', price: undefined, clientOid: 'fx-f' })
  ids.filledFutures = (await ctx.api.post(paths.place, filled)).body.data.orderId
  // A take-profit/stop-loss of the position that the fill opened, and a cancelled trigger.
  const tpsl = { category: 'USDT-FUTURES', symbol: 'BTCUSDT', type: 'tpsl', stopLoss: '50000.0' }
  expect((await ctx.api.post(paths.placeStrategy, tpsl)).body.code).toBe('00000')
  const trigger = {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    type: 'trigger',
    side: 'buy',
    qty: '0.01',
    triggerPrice: '70000.0',
    triggerOrderType: 'market',
  }
  ids.historyStrategy = (await ctx.api.post(paths.placeStrategy, trigger)).body.data.orderId
  await ctx.api.post(paths.cancelStrategy, { orderId: ids.historyStrategy })
})
afterAll(() => ctx.sandbox.close())

/** Every key of the example, with its JSON type, in the envelope and `data` of the answer. */
function expectShape(name: string, answer: unknown): void {
  expect(shapeIssues(fixture(name), answer)).toEqual([])
}

describe("the sandbox answers the exchange's documented record shapes (fixtures/exchange)", () => {
  test.each([
    ['uta.market.instruments.spot.json', { category: 'SPOT' }],
    ['uta.market.instruments.spot.older-doc.json', { category: 'SPOT' }],
    ['uta.market.instruments.futures.json', { category: 'USDT-FUTURES' }],
    ['uta.market.instruments.futures.mid-doc.json', { category: 'USDT-FUTURES' }],
    ['uta.market.instruments.futures.older-doc.json', { category: 'USDT-FUTURES' }],
    ['uta.market.instruments.futures.jkorf-missing-fields.json', { category: 'COIN-FUTURES' }],
    ['uta.market.instruments.margin.json', { category: 'MARGIN' }],
  ])('%s: GET /api/v3/market/instruments %j', async (name, query) => {
    expectShape(name, await open(Market.getInstruments.path, query))
  })

  test.each([
    ['uta.market.tickers.spot.json', { category: 'SPOT' }],
    ['uta.market.tickers.spot.older-doc.json', { category: 'SPOT' }],
    ['uta.market.tickers.futures.json', { category: 'USDT-FUTURES' }],
    ['uta.market.tickers.futures.older-doc.json', { category: 'USDC-FUTURES' }],
  ])('%s: GET /api/v3/market/tickers %j', async (name, query) => {
    expectShape(name, await open(Market.getTickers.path, query))
  })

  test.each([
    [
      'classic.mix.market.contracts.json',
      ClassicFutures.getContracts.path,
      { productType: 'USDT-FUTURES' },
    ],
    [
      'classic.mix.market.contracts.older-doc.json',
      ClassicFutures.getContracts.path,
      { productType: 'coin-futures' },
    ],
    [
      'classic.mix.market.ticker.json',
      ClassicFutures.getTicker.path,
      { productType: 'USDT-FUTURES', symbol: 'BTCUSDT' },
    ],
    ['classic.spot.public.symbols.json', Market.getSpotSymbols.path, {}],
    [
      'classic.spot.public.symbols.older-doc.json',
      Market.getSpotSymbols.path,
      { symbol: 'ETHUSDT' },
    ],
    ['classic.spot.public.coins.json', Market.getSpotCoins.path, {}],
    ['classic.margin.currencies.json', '/api/v2/margin/currencies', {}],
    ['classic.public.time.json', Public.getTime.path, {}],
    ['classic.public.time.json', Public.getTimeV3.path, {}],
  ])('%s: GET %s %j', async (name, path, query) => {
    expectShape(name, await open(path, query))
  })

  test.each([
    ['uta.account.settings.json', paths.settings, {}],
    ['uta.account.fee-rate.json', Unified.getFeeRate.path, { category: 'SPOT', symbol: 'ETHUSDT' }],
    ['uta.position.current-position.json', paths.position, { category: 'USDT-FUTURES' }],
    ['uta.position.current-position.older-doc.json', paths.position, { category: 'usdt-futures' }],
    ['uta.position.adl-rank.json', Unified.getAdlRank.path, {}],
    ['uta.trade.unfilled-orders.json', paths.unfilled, { category: 'USDT-FUTURES' }],
    ['uta.trade.history-orders.json', paths.history, { category: 'USDT-FUTURES' }],
    ['uta.trade.fills.json', paths.fills, {}],
    ['uta.trade.fills.older-doc.json', paths.fills, { category: 'SPOT' }],
    [
      'uta.trade.unfilled-strategy-orders.json',
      paths.unfilledStrategy,
      { category: 'USDT-FUTURES' },
    ],
    ['uta.trade.history-strategy-orders.json', paths.historyStrategy, { category: 'USDT-FUTURES' }],
    [
      'uta.trade.history-strategy-orders.older-doc.json',
      paths.historyStrategy,
      { category: 'USDT-FUTURES' },
    ],
  ])('%s: GET %s %j (signed)', async (name, path, query) => {
    expectShape(name, (await ctx.api.get(path, query)).body)
  })

  test('uta.trade.order-info.json: GET /api/v3/trade/order-info of a spot market buy given as an amount', async () => {
    const { body } = await ctx.api.get(paths.info, { orderId: ids.spotMarket })
    expectShape('uta.trade.order-info.json', body)
    expect(body.data).toMatchObject({ orderType: 'market', price: '0', qty: '0', amount: '100' })
  })

  test.each([
    ['uta.trade.place-order.json', paths.place, ethBuy({ clientOid: 'fx-p' })],
    ['uta.trade.place-batch.json', paths.placeBatch, [ethBuy({ clientOid: 'fx-b1' })]],
    [
      'uta.trade.cancel-batch.json',
      paths.cancelBatch,
      [{ category: 'SPOT', symbol: 'ETHUSDT', clientOid: 'fx-b1' }],
    ],
  ])('%s: POST %s', async (name, path, body) => {
    expectShape(name, (await ctx.api.post(path, body)).body)
  })

  test('uta.trade.batch-modify-order.json and uta.trade.countdown-cancel-all.json', async () => {
    const modify = [{ orderId: ids.resting, price: '60100.0' }]
    expectShape(
      'uta.trade.batch-modify-order.json',
      (await ctx.api.post(paths.batchModify, modify)).body,
    )
    const armed = await countdown.post(paths.countdown, { countdown: '0' })
    expectShape('uta.trade.countdown-cancel-all.json', armed.body)
  })
})

describe("the classic account answers the exchange's documented record shapes (docs/records.md)", () => {
  test.each(['classic.mix.order.detail.json', 'classic.mix.order.detail.older-doc.json'])(
    '%s: GET /api/v2/mix/order/detail of a filled order with presets',
    async (name) => {
      const a = classicAccount(ctx)
      const presets = {
        presetStopSurplusPrice: '70000',
        presetStopSurplusExecutePrice: '69900',
        presetStopLossPrice: '60000',
        presetStopLossExecutePrice: '59900',
      }
      await a.api.post(classicPaths.place, order({ ...presets, price: '66000', clientOid: 'fx-d' }))
      const { body } = await a.api.get(classicPaths.detail, {
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        clientOid: 'fx-d',
      })
      expectShape(name, body)
      expect(body.data).toMatchObject({ state: 'filled', reduceOnly: 'NO', ...presets })
    },
  )

  test.each([
    'classic.mix.order.orders-pending.json',
    'classic.mix.order.orders-pending.jkorf-live.json',
  ])('%s: GET /api/v2/mix/order/orders-pending of a partly filled hedge order', async (name) => {
    const a = classicAccount(ctx, 'hedge')
    const placed = await a.api.post(
      classicPaths.place,
      order({ tradeSide: 'open', size: '2', presetStopLossPrice: '55000' }),
    )
    ctx.sandbox.admin.fill(placed.body.data.orderId, '0.5')
    const { body } = await a.api.get(classicPaths.pending, { productType: 'USDT-FUTURES' })
    expectShape(name, body)
    expect(body.data.entrustedList[0]).toMatchObject({ status: 'partially_filled' })
  })

  test.each([
    'classic.mix.position.all-position.json',
    'classic.mix.position.all-position.older-doc.json',
  ])('%s: GET /api/v2/mix/position/all-position', async (name) => {
    const a = classicAccount(ctx, 'hedge')
    a.hold('short', '0.0155', { takeProfit: '60000' })
    const { body } = await a.api.get(classicPaths.positions, { productType: 'USDT-FUTURES' })
    expectShape(name, body)
  })

  test('classic.mix.order.batch-place-order.json: POST /api/v2/mix/order/batch-place-order', async () => {
    const a = classicAccount(ctx)
    const { body } = await a.api.post(classicPaths.batchPlace, {
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
      marginCoin: 'USDT',
      marginMode: 'crossed',
      orderList: [{ size: '1', side: 'buy', orderType: 'limit', price: '60000' }],
    })
    expectShape('classic.mix.order.batch-place-order.json', body)
  })
})

describe('the spot wallet reads answer the documented shapes (compared on `data`: the examples spell `message`)', () => {
  test.each([
    ['classic.spot.account.assets.json', '/api/v2/spot/account/assets'],
    ['classic.spot.account.bills.json', '/api/v2/spot/account/bills'],
  ])('%s: GET %s after a transfer to spot', async (name, path) => {
    const a = classicAccount(ctx)
    ctx.sandbox.admin.setBalance('USDT', '100', a.uid)
    const moved = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT', amount: '10' }
    expect((await a.api.post('/api/v2/spot/wallet/transfer', moved)).body.code).toBe('00000')
    const { body } = await a.api.get(path, {})
    expect(shapeIssues({ data: fixture(name).data }, body)).toEqual([])
  })
})

describe("the unified account's funds answer the documented shapes", () => {
  test('uta.account.transfer.json, uta.account.funding-assets.json, uta.account.max-transferable.json: a transfer out of uta to spot, then the reads', async () => {
    const uid = '8960000001'
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid }))
    ctx.sandbox.admin.setBalance('USDT', '100', uid)
    const moved = { fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '0.04' }
    expectShape('uta.account.transfer.json', (await api.post(Unified.transfer.path, moved)).body)
    const assets = (await api.get(Unified.getFundingAssets.path)).body
    expectShape('uta.account.funding-assets.json', assets)
    expect(assets.data).toEqual([{ coin: 'USDT', available: '0.04', frozen: '0', balance: '0.04' }])
    const max = (await api.get(Unified.getMaxTransferable.path, { coin: 'USDT' })).body
    expectShape('uta.account.max-transferable.json', max)
    expect(max.data).toEqual({ coin: 'USDT', maxTransfer: '99.96', borrowMaxTransfer: '99.96' })
  })
})

describe("the unified account's own reads answer the documented shapes", () => {
  test('uta.account.info.json, max-withdrawal.json, open-interest-limit.json, transferable-coins.json', async () => {
    const uid = '8960000002'
    const api = ctx.as(ctx.sandbox.admin.addKey({ uid }))
    ctx.sandbox.admin.setBalance('USDT', '100', uid)
    expectShape('uta.account.info.json', (await api.get(Unified.getAccountInfo.path)).body)
    const max = (await api.get(Unified.getMaxWithdrawal.path, { coin: 'USDT' })).body
    expectShape('uta.account.max-withdrawal.json', max)
    expect(max.data.totalMaxWithdrawal).toBe('100')
    const limit = await api.get(Unified.getOpenInterestLimit.path, {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })
    expectShape('uta.account.open-interest-limit.json', limit.body)
    const coins = await api.get(Unified.getTransferableCoins.path, {
      fromType: 'uta',
      toType: 'spot',
    })
    expectShape('uta.account.transferable-coins.json', coins.body)
    expect(coins.body.data).toContain('USDT')
  })
})
