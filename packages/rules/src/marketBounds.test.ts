import * as Market from './Market.js'
import { boundsSuite } from './test/boundsSuite.js'

boundsSuite('public market reads', Market, {
  'public.getInstruments': { request: { category: 'SPOT' } },
  'public.getTickers': { request: { category: 'SPOT' } },
  'public.getSpotSymbols': { request: {} },
  'public.getSpotCoins': { request: {} },
  // Ledger: the v3 funding rates.
  'public.getCurrentFundRate': { request: { symbol: 'BTCUSDT' } },
  'public.getHistoryFundRate': { request: { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } },
})
