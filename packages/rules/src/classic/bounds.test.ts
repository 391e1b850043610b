import * as ClassicFutures from '../ClassicFutures.js'
import { boundsSuite } from '../test/boundsSuite.js'

const pair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const
const order = { size: '0.01', side: 'buy', orderType: 'limit', price: '65000' } as const

boundsSuite('classic futures', ClassicFutures, {
  'classic.placeOrder': {
    request: { ...pair, marginMode: 'crossed', marginCoin: 'USDT', ...order },
  },
  'classic.clickBackhand': { request: { ...pair, marginCoin: 'USDT', side: 'buy' } },
  'classic.batchPlaceOrder': {
    request: { ...pair, marginMode: 'crossed', marginCoin: 'USDT', orderList: [order] },
  },
  'classic.modifyOrder': {
    request: { ...pair, newClientOid: 'n-1', orderId: '1', newPresetStopLossPrice: '60000' },
  },
  'classic.cancelOrder': { request: { ...pair, orderId: '1' } },
  'classic.batchCancelOrders': { request: { productType: 'USDT-FUTURES' } },
  'classic.getOrderDetail': { request: { ...pair, orderId: '1' } },
  'classic.getOrdersPending': { request: { productType: 'USDT-FUTURES' } },
  'classic.cancelAllOrders': { request: { productType: 'USDT-FUTURES' } },
  'classic.closePositions': { request: { productType: 'USDT-FUTURES' } },
  'classic.getContracts': { request: { productType: 'USDT-FUTURES' } },
  'classic.getTicker': { request: pair },
  'classic.getAllPositions': { request: { productType: 'USDT-FUTURES' } },
  'classic.getOrdersHistory': { request: { productType: 'USDT-FUTURES' } },
  'classic.getFills': { request: { productType: 'USDT-FUTURES' } },
  // Market data reads.
  'classic.getTickers': { request: { productType: 'USDT-FUTURES' } },
  'classic.getCandles': { request: { ...pair, granularity: '1m' } },
  'classic.getHistoryCandles': { request: { ...pair, granularity: '1m' } },
  'classic.getMergeDepth': { request: pair },
  'classic.getRecentTrades': { request: pair },
  'classic.getHistoryTrades': { request: pair },
  'classic.getOpenInterest': { request: pair },
  'classic.getSymbolPrice': { request: pair },
  'classic.getHistoryMarkCandles': { request: { ...pair, granularity: '5m' } },
  'classic.getHistoryIndexCandles': { request: { ...pair, granularity: '5m' } },
  'classic.getFundingTime': { request: pair },
  // account settings and margin
  'classic.getAccount': { request: { ...pair, marginCoin: 'USDT' } },
  'classic.getAccounts': { request: { productType: 'USDT-FUTURES' } },
  'classic.setLeverage': { request: { ...pair, marginCoin: 'USDT', leverage: '20' } },
  'classic.setMarginMode': { request: { ...pair, marginCoin: 'USDT', marginMode: 'isolated' } },
  'classic.setPositionMode': { request: { productType: 'USDT-FUTURES', posMode: 'hedge_mode' } },
  'classic.getMaxOpen': {
    request: { ...pair, marginCoin: 'USDT', posSide: 'long', orderType: 'market' },
  },
  'classic.getOpenCount': {
    request: { ...pair, marginCoin: 'USDT', openAmount: '5000', openPrice: '65000' },
  },
  'classic.setMargin': { request: { ...pair, marginCoin: 'USDT', holdSide: 'long', amount: '20' } },
  'classic.getLiquidationPrice': {
    request: {
      ...pair,
      marginCoin: 'USDT',
      posSide: 'long',
      orderType: 'market',
      openAmount: '50',
    },
  },
  'classic.setAutoMargin': {
    request: { symbol: 'BTCUSDT', marginCoin: 'USDT', holdSide: 'long', autoMargin: 'on' },
  },
  'classic.getTradeRate': { request: { symbol: 'BTCUSDT', businessType: 'mix' } },
  'classic.getPositionTier': { request: pair },
  'classic.getLongShort': { request: { symbol: 'BTCUSDT' } },
  'classic.getAccountLongShort': { request: { symbol: 'BTCUSDT' } },
  'classic.getPositionLongShort': { request: { symbol: 'BTCUSDT' } },
  'classic.getTakerBuySell': { request: { symbol: 'BTCUSDT' } },
  'classic.getVipFeeRate': { request: {} },
  // classic plan (trigger) and take-profit/stop-loss orders
  'classic.placePlanOrder': {
    request: {
      ...pair,
      planType: 'normal_plan',
      marginMode: 'crossed',
      marginCoin: 'USDT',
      size: '0.01',
      triggerPrice: '66000',
      triggerType: 'mark_price',
      side: 'buy',
      orderType: 'market',
    },
  },
  'classic.placeTpslOrder': {
    request: {
      ...pair,
      marginCoin: 'USDT',
      planType: 'pos_profit',
      triggerPrice: '70000',
      holdSide: 'buy',
    },
  },
  'classic.placePosTpsl': {
    request: {
      ...pair,
      marginCoin: 'USDT',
      holdSide: 'buy',
      stopSurplusTriggerPrice: '70000',
      stopSurplusTriggerType: 'mark_price',
    },
  },
  'classic.modifyPlanOrder': { request: { productType: 'USDT-FUTURES', orderId: '1' } },
  'classic.modifyTpslOrder': {
    request: { ...pair, marginCoin: 'USDT', orderId: '1', triggerPrice: '70000', size: '' },
  },
  'classic.cancelPlanOrder': {
    request: { ...pair, orderIdList: [{ orderId: '1', clientOid: 'c-1' }] },
  },
  'classic.getOrdersPlanPending': {
    request: { productType: 'USDT-FUTURES', planType: 'normal_plan' },
  },
  'classic.getOrdersPlanHistory': {
    request: { productType: 'USDT-FUTURES', planType: 'normal_plan' },
  },
  'classic.getPlanSubOrder': {
    request: { planOrderId: '1', planType: 'normal_plan', productType: 'USDT-FUTURES' },
  },
  // Ledger: bills, fill history, positions, funding rates, transfers.
  'classic.getAccountBill': { request: { productType: 'USDT-FUTURES' } },
  'classic.getFillHistory': { request: { productType: 'USDT-FUTURES' } },
  'classic.getSinglePosition': { request: { ...pair, marginCoin: 'USDT' } },
  'classic.getHistoryPosition': { request: {} },
  'classic.getAdlRank': { request: { productType: 'USDT-FUTURES' } },
  'classic.getCurrentFundRate': { request: { productType: 'USDT-FUTURES' } },
  'classic.getHistoryFundRate': { request: pair },
  'classic.transfer': {
    request: { fromType: 'spot', toType: 'usdt_futures', amount: '1', coin: 'USDT' },
  },
  'classic.getTransferRecords': { request: { coin: 'USDT' } },
})
