/**
 * What the classic account routes share: the check of a symbol and margin coin every one of them
 * makes first, and the opening order an estimate is made for.
 */
import type { AnyEndpoint } from '../../endpoints.js'
import { marginCoinOf } from '../../exchange/classic/fields.js'
import { unknownSymbol } from '../../exchange/codes.js'
import { instrumentFor } from '../../exchange/matching.js'
import type { Outcome, Route } from '../../exchange.js'
import type { SandboxState } from '../../state.js'
import { uidOf } from './common.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The margin coin asked is the symbol's (`40017` otherwise), of a symbol the product type lists (`40034`); shared by the account routes. */
function refusedSymbol(state: SandboxState, params: Record<string, unknown>): Outcome | undefined {
  const symbol = text(params.symbol)
  if (!instrumentFor(state, text(params.productType), symbol))
    return { error: unknownSymbol(symbol) }
  const coin = marginCoinOf(state, text(params.productType), symbol)
  if (coin !== undefined && coin !== params.marginCoin)
    return {
      error: {
        code: '40017',
        msg: `parameter verification failed: marginCoin: expected "${coin}" (the margin coin of ${symbol}), received "${text(params.marginCoin)}"`,
      },
    }
  return undefined
}

/** What a symbol route's handler gets: the caller's uid and the symbol and product type asked. */
export type SymbolCall = {
  readonly state: SandboxState
  readonly uid: string
  readonly symbol: string
  readonly productType: string
  readonly params: Record<string, unknown>
}

/**
 * A signed classic account route of `endpoint` whose symbol and margin coin are checked before
 * `handle` runs.
 */
export function symbolRoute(
  endpoint: Pick<AnyEndpoint, 'id' | 'method' | 'path'>,
  handle: (call: SymbolCall) => Outcome,
): Route {
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    auth: true,
    handle({ state, key, params }) {
      const refused = refusedSymbol(state, params)
      if (refused) return refused
      return handle({
        state,
        uid: uidOf(key),
        symbol: text(params.symbol),
        productType: text(params.productType),
        params,
      })
    },
  }
}

/**
 * The opening order an estimate (max-open, liq-price) is made for: one side (`posSide`) of the
 * symbol, hedge or one-way as the account is, at `openPrice` for a limit order, else the last
 * price.
 */
export function openingDraft({ state, uid, symbol, productType, params }: SymbolCall) {
  const long = params.posSide === 'long'
  const limit = params.orderType === 'limit'
  const hedge = state.classicModeOf(uid, productType) === 'hedge'
  return {
    price: limit ? text(params.openPrice) : (state.prices.get(symbol) ?? '0'),
    order: {
      uid,
      line: 'classic' as const,
      category: productType,
      symbol,
      side: long ? ('buy' as const) : ('sell' as const),
      orderType: limit ? ('limit' as const) : ('market' as const),
      ...(hedge && { posSide: long ? 'long' : 'short' }),
    },
  }
}
