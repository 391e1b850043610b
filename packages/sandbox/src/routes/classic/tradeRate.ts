/**
 * GET /api/v2/common/trade-rate: the fee rates the sandbox charges the account's fills, so a
 * client reading its rates sees what its fills will cost.
 */
import { ClassicFutures } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { unknownSymbol } from '../../exchange/codes.js'
import { feeRatesOf } from '../../exchange/ledger.js'
import type { Route } from '../../exchange.js'
import { futuresInstrument } from '../../instruments.js'
import { listedUnder } from '../../records/market.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * `businessType: 'mix'`: the maker and taker rates of the symbol's futures fills (the sandbox's
 * `fees` option and `POST /sandbox/fees`, per symbol where set; `"0"` by default). `spot` and
 * `margin`: `"0"` both, as the sandbox charges spot fills no fee. A symbol the business type does
 * not list answers `40034`.
 */
export const tradeRateRoute: Route = {
  id: ClassicFutures.getTradeRate.id,
  method: ClassicFutures.getTradeRate.method,
  path: ClassicFutures.getTradeRate.path,
  auth: true,
  handle({ state, params }) {
    const symbol = text(params.symbol)
    const futures = params.businessType === 'mix'
    // The instrument of the business type: the futures contract, or the spot pair (margin too).
    const category = params.businessType === 'margin' ? 'MARGIN' : 'SPOT'
    const instrument = futures
      ? futuresInstrument(state.instruments, symbol)
      : state.instruments.get(category, symbol)
    const listed = instrument !== undefined && (futures || listedUnder(instrument, category))
    if (!listed) return { error: unknownSymbol(symbol) }
    const rates = futures ? feeRatesOf(state, symbol) : { maker: '0', taker: '0' }
    return {
      data: {
        makerFeeRate: new Big(rates.maker).toFixed(),
        takerFeeRate: new Big(rates.taker).toFixed(),
      },
    }
  },
}
