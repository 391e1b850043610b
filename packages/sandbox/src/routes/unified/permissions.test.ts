import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routes } from '../../app.js'
import { ethBuy, paths, start } from '../../test/unified.js'

let ctx: Awaited<ReturnType<typeof start>>
beforeAll(async () => {
  ctx = await start()
  await ctx.api.post(paths.place, ethBuy({ clientOid: 'ro-read' }))
})
afterAll(() => ctx.sandbox.close())

/** A valid query of every signed read but reality-fills (which also needs a whitelist). */
const reads: Record<string, [path: string, query: Record<string, string>]> = {
  'unified.getUnfilledOrders': [paths.unfilled, {}],
  'unified.getOrderInfo': [paths.info, { clientOid: 'ro-read' }],
  'unified.getHistoryOrders': [paths.history, { category: 'SPOT' }],
  'unified.getFills': [paths.fills, {}],
  'strategy.getUnfilledStrategyOrders': [paths.unfilledStrategy, { category: 'SPOT' }],
  'strategy.getHistoryStrategyOrders': [paths.historyStrategy, { category: 'SPOT' }],
  'unified.getAccountSettings': [paths.settings, {}],
  'unified.getAccountAssets': [paths.assets, {}],
  'unified.getCurrentPosition': [paths.position, { category: 'USDT-FUTURES' }],
  'unified.getAdlRank': ['/api/v3/position/adlRank', {}],
  'unified.getFeeRate': ['/api/v3/account/fee-rate', { category: 'SPOT', symbol: 'ETHUSDT' }],
  // Ledger: financial records and position history.
  'unified.getFinancialRecords': ['/api/v3/account/financial-records', { category: 'SPOT' }],
  'unified.getPositionHistory': ['/api/v3/position/history-position', { category: 'USDT-FUTURES' }],
  // Funds: the funding account and what may leave the unified account.
  'unified.getFundingAssets': ['/api/v3/account/funding-assets', {}],
  'unified.getMaxTransferable': ['/api/v3/account/max-transferable', { coin: 'USDT' }],
  // The account itself: account info, max withdrawal.
  'unified.getAccountInfo': ['/api/v3/account/info', {}],
  'unified.getMaxWithdrawal': ['/api/v3/account/max-withdrawal', { coin: 'USDT' }],
  'unified.getOpenInterestLimit': [
    '/api/v3/account/open-interest-limit',
    { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
  ],
  'unified.getTransferableCoins': [
    '/api/v3/account/transferable-coins',
    { fromType: 'uta', toType: 'spot' },
  ],
  // Deposits and withdrawals.
  'unified.getDepositAddress': ['/api/v3/account/deposit-address', { coin: 'USDT' }],
  'unified.getDepositRecords': [
    '/api/v3/account/deposit-records',
    { startTime: '1700561435000', endTime: '1703153435933' },
  ],
  'unified.getWithdrawalRecords': [
    '/api/v3/account/withdrawal-records',
    { startTime: '1700561435000', endTime: '1703153435933' },
  ],
}

describe('permissions of the unified account', () => {
  test('every signed read of the unified account is listed here', () => {
    const signedReads = routes
      .filter((route) => route.auth && route.method === 'GET')
      .map((route) => route.id)
      .filter((id) => id.startsWith('unified.') || id.startsWith('strategy.'))
      .filter((id) => id !== 'unified.getRealityFills')
    expect(signedReads.sort()).toEqual(Object.keys(reads).sort())
  })

  test.each(Object.entries(reads))(
    'a read-only key (trade_ro) reads %s, as the exchange allows',
    async (_id, [path, query]) => {
      const reader = ctx.as(ctx.sandbox.admin.addKey({ permissions: ['trade_ro'] }))
      const { status, body } = await reader.get(path, query)
      expect({ status, code: body.code }).toEqual({ status: 200, code: '00000' })
    },
  )

  test.each([
    [paths.place, ethBuy()],
    [paths.cancel, { orderId: '1' }],
    [paths.placeBatch, [ethBuy()]],
    [paths.cancelSymbol, { category: 'SPOT' }],
    [
      '/api/v3/account/set-margin',
      {
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        posSide: 'long',
        operation: 'add',
        amount: '1',
      },
    ],
    ['/api/v3/account/transfer', { fromType: 'uta', toType: 'spot', amount: '1', coin: 'USDT' }],
    [
      '/api/v3/account/withdrawal',
      { coin: 'USDT', transferType: 'internal_transfer', address: '1', size: '1' },
    ],
    [
      paths.placeStrategy,
      {
        category: 'SPOT',
        symbol: 'ETHUSDT',
        type: 'trigger',
        side: 'buy',
        qty: '1',
        triggerPrice: '3500.00',
      },
    ],
  ])('a write (%s) needs trade_rw: a read-only key gets 40014', async (path, body) => {
    const reader = ctx.as(ctx.sandbox.admin.addKey({ permissions: ['trade_ro'] }))
    const answer = await reader.post(path, body)
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 400,
      code: '40014',
    })
  })
})
