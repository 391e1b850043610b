/**
 * The unified account's settings writes, the isolated margin of a position and its openable-size
 * read (UTA "Set Leverage", "Set Holding Mode", "Set Margin", "Get Max Open Available"). The
 * settings and the margin set-margin added live in `exchange/accountSettings.ts`.
 */
import { Category, Unified } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import {
  addedMarginOf,
  changeAddedMargin,
  changeSymbolSettings,
  leverageOf,
  maxLeverageOf,
  positionLeverageOf,
} from '../../exchange/accountSettings.js'
import { available, coinsOf, maxOpenSize } from '../../exchange/balances.js'
import { failures, maxReducible, unknownSymbol } from '../../exchange/codes.js'
import { marginCoinOf } from '../../exchange/ledger.js'
import { instrumentFor } from '../../exchange/matching.js'
import type { Outcome, Route } from '../../exchange.js'
import { openStatuses } from '../../orders.js'
import { posSideOf } from '../../records/account.js'
import { uidOf } from './common.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The settings key of a margin coin's leverage (coins and symbols share the store). */
const coinSettingsKey = (coin: string) => `coin:${coin}`

/**
 * POST /api/v3/account/set-leverage: a futures symbol's leverage (with `posSide`: that side's
 * isolated leverage; with `marginMode` `isolated`: both isolated sides, `longLeverage` and
 * `shortLeverage` over `leverage`; otherwise crossed and both isolated sides) or a margin coin's;
 * more than the instrument's `maxLeverage` is refused with `25223`. Answers `"success"`.
 */
export const setLeverageRoute: Route = {
  id: Unified.setLeverage.id,
  method: 'POST',
  path: Unified.setLeverage.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const category = text(params.category)
    const leverage = text(params.leverage)
    if (category === 'MARGIN') {
      changeSymbolSettings(state, uid, 'unified', coinSettingsKey(text(params.coin)), {
        crossed: leverage,
      })
      return { data: 'success' }
    }
    const symbol = text(params.symbol)
    const instrument = instrumentFor(state, category, symbol)
    if (!instrument) return { error: unknownSymbol(symbol) }
    // `longLeverage`/`shortLeverage` (isolated margin only) take effect over `leverage`.
    const long = text(params.longLeverage) || leverage
    const short = text(params.shortLeverage) || leverage
    const max = maxLeverageOf(instrument)
    if ([leverage, long, short].some((value) => new Big(value).gt(max)))
      return { error: failures.leverage }
    const side = params.posSide
    const isolated = params.marginMode === 'isolated'
    changeSymbolSettings(
      state,
      uid,
      'unified',
      symbol,
      side === 'long' || side === 'short'
        ? { [side]: side === 'long' ? long : short }
        : isolated
          ? { long, short }
          : { crossed: leverage, long: leverage, short: leverage },
    )
    return { data: 'success' }
  },
}

/**
 * POST /api/v3/account/set-hold-mode: the account's holding mode for every futures category;
 * refused with `25010` while a futures position or order is open. Answers `"success"`.
 */
export const setHoldModeRoute: Route = {
  id: Unified.setHoldMode.id,
  method: 'POST',
  path: Unified.setHoldMode.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const futures = (category: string) => {
      const name = Category.normalize(category)
      return name !== undefined && Category.isFutures(name)
    }
    const positions = [...state.positions.values()].some(
      (p) =>
        p.uid === uid &&
        p.line === undefined &&
        futures(p.category) &&
        !/^-?0(\.0*)?$/.test(p.size),
    )
    const orders = state.orders
      .list({ uid, line: 'unified', statuses: openStatuses })
      .some((o) => futures(o.category))
    if (positions || orders) return { error: failures.holdMode }
    const mode = params.holdMode === 'hedge_mode' ? 'hedge' : 'one_way'
    const account = state.accounts.get(uid) ?? { uid, positionMode: 'one_way' as const }
    state.accounts.set(uid, { ...account, positionMode: mode, positionModes: {} })
    return { data: 'success' }
  },
}

/**
 * POST /api/v3/account/set-margin: moves `amount` of the margin coin between the isolated
 * position of `posSide` and the available balance. `add` takes it from what orders and positions
 * leave (more is `25202`); `remove` gives back at most what was added before, the margin the
 * leverage needs stays (more is `25242` naming the most). No open position on that side is
 * `25227`; a crossed one `25240`. Answers `"success"`.
 */
export const setMarginRoute: Route = {
  id: Unified.setMargin.id,
  method: 'POST',
  path: Unified.setMargin.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const category = text(params.category)
    const symbol = text(params.symbol)
    if (!instrumentFor(state, category, symbol)) return { error: unknownSymbol(symbol) }
    const position = [...state.positions.values()].find(
      (p) =>
        p.uid === uid &&
        p.line === undefined &&
        p.category.toUpperCase() === category &&
        p.symbol === symbol &&
        !new Big(p.size).isZero() &&
        posSideOf(p) === params.posSide,
    )
    if (!position) return { error: failures.noMarginPosition }
    if (positionLeverageOf(state, position).marginMode !== 'isolated')
      return { error: failures.crossedMargin }
    const coin = marginCoinOf(state, category, symbol)
    const amount = new Big(text(params.amount))
    if (params.operation === 'remove') {
      const most = addedMarginOf(state, position)
      if (amount.gt(most)) return { error: maxReducible(most.toFixed(), coin) }
      changeAddedMargin(state, position, amount.negated())
    } else {
      if (available(state, uid, coin).lt(amount)) return { error: failures.insufficientBalance }
      changeAddedMargin(state, position, amount)
    }
    return { data: 'success' }
  },
}

/**
 * POST /api/v3/account/max-open-available: futures: `available` the quote coin left, and
 * `maxBuyOpen`/`maxSellOpen` the largest sizes place-order accepts now (one lot more is refused
 * with `40762`), `buyOpenCost`/`sellOpenCost` the margin of `size`; spot and margin:
 * `available` the coin a side spends, `maxOpen` `""` for spot.
 */
export const maxOpenAvailableRoute: Route = {
  id: Unified.getMaxOpenAvailable.id,
  method: 'POST',
  path: Unified.getMaxOpenAvailable.path,
  auth: true,
  handle({ state, key, params }): Outcome {
    const uid = uidOf(key)
    const category = text(params.category)
    const symbol = text(params.symbol)
    const instrument = instrumentFor(state, category, symbol)
    if (!instrument) return { error: unknownSymbol(symbol) }
    const { base, quote } = coinsOf(instrument)
    const name = Category.normalize(category)
    const orderType = params.orderType === 'limit' ? ('limit' as const) : ('market' as const)
    const price = orderType === 'limit' ? text(params.price) : (state.prices.get(symbol) ?? '0')
    const free = (coin: string) => Big.max(available(state, uid, coin), 0).toFixed()
    if (name === undefined || !Category.isFutures(name)) {
      const coin = params.side === 'sell' ? base : quote
      return {
        data: {
          available: free(coin),
          maxOpen: name === 'MARGIN' ? free(coin) : '',
          buyOpenCost: '',
          sellOpenCost: '',
          maxBuyOpen: '',
          maxSellOpen: '',
        },
      }
    }
    const hedge = state.modeOf(uid, name) === 'hedge'
    const order = (side: 'buy' | 'sell') => ({
      uid,
      category: name,
      symbol,
      side,
      orderType,
      ...(hedge && { posSide: side === 'buy' ? 'long' : 'short' }),
    })
    const cost = (side: 'buy' | 'sell') => {
      if (typeof params.size !== 'string') return ''
      const { leverage } = leverageOf(state, order(side))
      return new Big(params.size).times(price).div(leverage).toFixed()
    }
    return {
      data: {
        available: free(name === 'COIN-FUTURES' ? base : quote),
        maxOpen: '',
        buyOpenCost: cost('buy'),
        sellOpenCost: cost('sell'),
        maxBuyOpen: maxOpenSize(state, uid, order('buy'), price),
        maxSellOpen: maxOpenSize(state, uid, order('sell'), price),
      },
    }
  },
}

/** The settings routes of the unified account, in the order of the rules' endpoint ids. */
export const unifiedSettingsRoutes: readonly Route[] = [
  setLeverageRoute,
  setHoldModeRoute,
  maxOpenAvailableRoute,
  setMarginRoute,
]
