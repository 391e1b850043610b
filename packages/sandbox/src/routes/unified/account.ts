/**
 * Account reads: the account settings, the current positions of a futures category and their
 * auto-deleveraging ranks, the assets and the fee rates of a symbol.
 */
import { Category, Unified } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { available, balanceOf } from '../../exchange/balances.js'
import { unknownSymbol } from '../../exchange/codes.js'
import { feeRatesOf } from '../../exchange/ledger.js'
import { instrumentFor } from '../../exchange/matching.js'
import type { Route } from '../../exchange.js'
import {
  accountSettingsRecord,
  openPositions,
  positionFigures,
  positionRecord,
  posSideOf,
} from '../../records/account.js'
import { adlRankRecords } from '../../records/adlRank.js'
import type { SandboxState } from '../../state.js'
import { uidOf } from './common.js'

/** The `data` of GET /api/v3/account/assets: decimal strings. */
export type AccountAssets = {
  readonly accountEquity: string
  readonly usdtEquity: string
  readonly btcEquity: string
  readonly unrealisedPnl: string
  readonly usdtUnrealisedPnl: string
  readonly btcUnrealizedPnl: string
  readonly effEquity: string
  readonly mmr: string
  readonly imr: string
  readonly mgnRatio: string
  readonly positionMgnRatio: string
  readonly assets: readonly {
    readonly coin: string
    readonly equity: string
    readonly usdValue: string
    readonly balance: string
    readonly available: string
    readonly debt: string
    readonly locked: string
  }[]
}

/** GET /api/v3/account/settings: the account's settings; `holdMode` is its position mode. */
export const accountSettingsRoute: Route = {
  id: 'unified.getAccountSettings',
  method: 'GET',
  path: '/api/v3/account/settings',
  auth: true,
  handle: ({ state, key }) => ({ data: accountSettingsRecord(state, uidOf(key)) }),
}

/**
 * GET /api/v3/position/current-position: `{ list }` (no cursor) of the account's open positions
 * of a futures category, of one symbol and side when asked; a symbol the category does not list
 * answers 40034.
 */
export const currentPositionRoute: Route = {
  id: 'unified.getCurrentPosition',
  method: 'GET',
  path: '/api/v3/position/current-position',
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const category = String(params.category).toUpperCase()
    const symbol = typeof params.symbol === 'string' ? params.symbol : undefined
    if (symbol !== undefined && !instrumentFor(state, category, symbol))
      return { error: unknownSymbol(symbol) }
    const list = [...state.positions.values()]
      .filter(
        (position) =>
          position.uid === uid &&
          position.line === undefined &&
          position.category.toUpperCase() === category &&
          !/^-?0(\.0*)?$/.test(position.size) &&
          (symbol === undefined || position.symbol === symbol) &&
          (params.posSide === undefined || posSideOf(position) === params.posSide),
      )
      .map((position) => positionRecord(state, position))
    return { data: { list } }
  },
}

/**
 * GET /api/v3/position/adlRank: the auto-deleveraging rank of each open futures position of the
 * account, `[{ symbol, marginCoin, adlRank, holdSide }]`, `[]` without one (records/adlRank.ts).
 */
export const adlRankRoute: Route = {
  id: Unified.getAdlRank.id,
  method: 'GET',
  path: Unified.getAdlRank.path,
  auth: true,
  handle: ({ state, key }) => ({ data: adlRankRecords(state, uidOf(key)) }),
}

/**
 * GET /api/v3/account/assets (UTA "Get Account Assets"; ccxt's `fetchBalance` reads it): the
 * coins with a balance or an open position's result (`balance`, `equity` the balance with the
 * unrealised result of the open positions margined in the coin, `available` after what open
 * orders and positions hold, `locked` the rest, `debt` what a MARGIN order borrowed (the balance
 * below zero; no interest), `usdValue` the equity at the coin's USDT
 * price) and the account's equity and unrealised result in USD, USDT and BTC, at the sandbox
 * prices (mark = last), as the classic account read adds `unrealizedPL` to its equity. The
 * sandbox models no maintenance margin: margins and margin ratios are `"0"`.
 */
export const accountAssetsRoute: Route = {
  id: 'unified.getAccountAssets',
  method: 'GET',
  path: '/api/v3/account/assets',
  auth: true,
  handle: ({ state, key }) => ({ data: accountAssets(state, uidOf(key)) }),
}

/** The unrealised result of the open unified positions of `uid`, by margin coin. */
function unrealisedByCoin(state: SandboxState, uid: string): Map<string, Big> {
  const byCoin = new Map<string, Big>()
  for (const position of openPositions(state, uid)) {
    const { marginCoin, pnl } = positionFigures(state, position)
    byCoin.set(marginCoin, (byCoin.get(marginCoin) ?? new Big(0)).plus(pnl))
  }
  return byCoin
}

/**
 * The `data` of GET /api/v3/account/assets for an account (the private WebSocket's `account`
 * push reads the same numbers).
 */
export function accountAssets(state: SandboxState, uid: string): AccountAssets {
  state.fund(uid)
  const usdOf = (coin: string) =>
    coin === 'USDT' || coin === 'USDC' || coin === 'USD'
      ? new Big(1)
      : new Big(state.prices.get(`${coin}USDT`) ?? '0')
  const unrealised = unrealisedByCoin(state, uid)
  const coins = new Set([...(state.balances.get(uid)?.keys() ?? []), ...unrealised.keys()])
  const assets = [...coins]
    .map((coin) => {
      const balance = balanceOf(state, uid, coin)
      const free = Big.max(available(state, uid, coin), 0)
      const pnl = unrealised.get(coin) ?? new Big(0)
      const equity = balance.plus(pnl)
      return {
        coin,
        balance,
        free,
        equity,
        usd: equity.times(usdOf(coin)),
        pnlUsd: pnl.times(usdOf(coin)),
      }
    })
    .filter(({ balance, equity }) => !balance.isZero() || !equity.isZero())
  const equity = assets.reduce((sum, a) => sum.plus(a.usd), new Big(0))
  const pnl = assets.reduce((sum, a) => sum.plus(a.pnlUsd), new Big(0))
  const btc = new Big(state.prices.get('BTCUSDT') ?? '0')
  const text = (value: Big) => value.toDecimalPlaces(8).toFixed()
  return {
    accountEquity: text(equity),
    usdtEquity: text(equity),
    btcEquity: btc.isZero() ? '0' : text(equity.div(btc)),
    unrealisedPnl: text(pnl),
    usdtUnrealisedPnl: text(pnl),
    btcUnrealizedPnl: btc.isZero() ? '0' : text(pnl.div(btc)),
    effEquity: text(equity),
    mmr: '0',
    imr: '0',
    mgnRatio: '0',
    positionMgnRatio: '0',
    assets: assets.map(({ coin, balance, free, equity: coinEquity, usd }) => {
      // A balance below zero is what a MARGIN order borrowed: owed as `debt` (no interest), with
      // nothing available or locked.
      const availableNow = Big.max(Big.min(free, balance), 0)
      return {
        coin,
        equity: text(coinEquity),
        usdValue: text(usd),
        balance: text(balance),
        available: text(availableNow),
        debt: text(Big.max(balance.neg(), 0)),
        locked: text(Big.max(balance.minus(availableNow), 0)),
      }
    }),
  }
}

/**
 * GET /api/v3/account/fee-rate: the rates the sandbox's fills of the symbol pay. Futures: the
 * maker and taker rates of the fee model (`POST /sandbox/fees`, per symbol where set; `"0"` by
 * default), which each futures fill charges; spot and margin fills pay none, so `"0"`. A symbol
 * the category does not list answers 40034.
 */
export const feeRateRoute: Route = {
  id: Unified.getFeeRate.id,
  method: 'GET',
  path: Unified.getFeeRate.path,
  auth: true,
  handle({ state, params }) {
    const category = String(params.category).toUpperCase()
    const symbol = String(params.symbol)
    if (!instrumentFor(state, category, symbol)) return { error: unknownSymbol(symbol) }
    const name = Category.normalize(category)
    if (name === undefined || !Category.isFutures(name))
      return { data: { makerFeeRate: '0', takerFeeRate: '0' } }
    const { maker, taker } = feeRatesOf(state, symbol)
    return { data: { makerFeeRate: maker, takerFeeRate: taker } }
  },
}
