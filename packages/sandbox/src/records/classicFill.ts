/**
 * A classic futures fill as GET /api/v2/mix/order/fills answers it (Bitget "Get Order Fill
 * Details"): `tradeId`, `baseVolume` the filled quantity, `quoteVolume` its value, `profit`
 * what it realised, `feeDetail` a list (`totalFee` the fee paid, negative; `"0"` without fees), the order's classic
 * `tradeSide` and `posMode`, `cTime`. The sandbox keeps its own fill; this shapes it.
 */
import { Big } from '@tradeline/rules/big'
import { coinsOf } from '../exchange/balances.js'
import { classicWireFields } from '../exchange/classic/fields.js'
import type { Fill } from '../exchange/types.js'
import type { Order } from '../orders.js'
import type { SandboxState } from '../state.js'

/**
 * The REST record of a classic fill.
 *
 * @example
 * import { classicFillRecord, createState } from '@tradeline/sandbox'
 * const state = createState({ seed: 1 })
 * classicFillRecord(state, { execId: '9', line: 'classic', orderId: '1', clientOid: 'c', uid: 'u', category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.01', ts: 1 }).quoteVolume // '600'
 */
export function classicFillRecord(state: SandboxState, fill: Fill): Record<string, unknown> {
  const order: Order | undefined = state.orders.get(fill.orderId)
  const instrument = state.instruments.get(fill.category, fill.symbol)
  const { base, quote } = coinsOf(instrument ?? { symbol: fill.symbol, category: fill.category })
  const marginCoin = fill.category.toUpperCase() === 'COIN-FUTURES' ? base : quote
  const wire = order ? classicWireFields(order) : { side: fill.side, tradeSide: '' }
  return {
    tradeId: fill.execId,
    symbol: fill.symbol,
    orderId: fill.orderId,
    price: fill.price,
    baseVolume: fill.qty,
    feeDetail: [
      { deduction: 'no', feeCoin: marginCoin, totalDeductionFee: '0', totalFee: fill.fee ?? '0' },
    ],
    side: wire.side,
    quoteVolume: new Big(fill.qty).times(fill.price).toFixed(),
    profit: fill.pnl ?? '0',
    enterPointSource: 'api',
    tradeSide: wire.tradeSide,
    posMode: order?.posSide === undefined ? 'one_way_mode' : 'hedge_mode',
    tradeScope: fill.tradeScope ?? 'taker',
    marginCoin,
    cTime: String(fill.ts),
  }
}
