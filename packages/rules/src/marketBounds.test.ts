import * as Market from './Market.js'
import { boundsSuite } from './test/boundsSuite.js'

boundsSuite('public market reads', Market, {
  'public.getInstruments': { request: { category: 'SPOT' } },
  'public.getTickers': { request: { category: 'SPOT' } },
  'public.getSpotSymbols': { request: {} },
  'public.getSpotCoins': { request: {} },
})
