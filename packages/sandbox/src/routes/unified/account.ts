/** Account reads: the account settings and the current positions of a futures category. */
import { unknownSymbol } from '../../exchange/codes.js'
import { instrumentFor } from '../../exchange/matching.js'
import type { Route } from '../../exchange.js'
import { accountSettingsRecord, positionRecord, posSideOf } from '../../records/account.js'
import { uidOf } from './common.js'

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
