/**
 * Reads of the unified account itself (UTA "Get Account Info", "Get Max Withdrawal", "Get OI
 * Limit"): who the account and its key are, from the key the request is signed with, how much of
 * a coin may be withdrawn, from the balances the sandbox keeps (exchange/transfers.ts), and the
 * open-interest limits of a futures symbol, which the sandbox does not impose.
 */
import { Unified } from '@tradeline/rules'
import { unknownSymbol } from '../../exchange/codes.js'
import { instrumentFor } from '../../exchange/matching.js'
import type { Route } from '../../exchange.js'
import type { ApiKey, SandboxState } from '../../state.js'
import { uidOf } from './common.js'
import { freeToMove } from './funds.js'

/** When the sandbox first answered each uid's account info: its `regisTime`, kept. */
const registered = new WeakMap<SandboxState, Map<string, number>>()

function registeredAt(state: SandboxState, uid: string): number {
  let times = registered.get(state)
  if (!times) {
    times = new Map()
    registered.set(state, times)
  }
  const known = times.get(uid)
  if (known !== undefined) return known
  const now = state.clock.now()
  times.set(uid, now)
  return now
}

/**
 * The key's permissions as the page names them: a key that reads or trades the unified account
 * (`trade_ro`, `trade_rw`) has UTA management and trading (`uta_mgt`, `uta_trade`), an elite
 * trader's key the futures copy trading (`copy_futures_position`, `copy_futures_order`); never
 * `withdraw`: the sandbox's withdrawal asks for UTA management only, as its page does (README,
 * decisions).
 */
function permissionsOf(key: ApiKey): string[] {
  const names: string[] = []
  if (key.permissions.includes('trade_rw') || key.permissions.includes('trade_ro'))
    names.push('uta_mgt', 'uta_trade')
  if (key.eliteTrader === true) names.push('copy_futures_position', 'copy_futures_order')
  return names
}

/**
 * GET /api/v3/account/info: the caller's uid as `userId`, `permType` `read-and-write` for a key
 * with `trade_rw` (`read-only` otherwise), its permissions in the page's names, and `regisTime`
 * the sandbox clock when the uid's info was first read. A sandbox account has no inviter, parent,
 * channel or IP whitelist: those are `""` (`parentId` "Only has a value when the calling account
 * is a sub-account").
 */
export const accountInfoRoute: Route = {
  id: Unified.getAccountInfo.id,
  method: 'GET',
  path: Unified.getAccountInfo.path,
  auth: true,
  handle({ state, key }) {
    const uid = uidOf(key)
    const signed = key as ApiKey
    return {
      data: {
        userId: uid,
        inviterId: '',
        parentId: '',
        channelCode: '',
        channel: '',
        ips: '',
        permType: signed.permissions.includes('trade_rw') ? 'read-and-write' : 'read-only',
        permissions: permissionsOf(signed),
        regisTime: String(registeredAt(state, uid)),
      },
    }
  },
}

/**
 * GET /api/v3/account/max-withdrawal: of `coin`, `utaMaxWithdrawal` the free unified balance
 * (what max-transferable answers), `spotMaxWithdrawal` the funding (`spot`) wallet,
 * `otcMaxWithdrawal` the `p2p` wallet, each rounded down to 8 decimals, and
 * `totalMaxWithdrawal` their sum; `"0"` for a coin not held.
 */
export const maxWithdrawalRoute: Route = {
  id: Unified.getMaxWithdrawal.id,
  method: 'GET',
  path: Unified.getMaxWithdrawal.path,
  auth: true,
  handle({ state, key, params }) {
    const uid = uidOf(key)
    const coin = String(params.coin)
    const uta = freeToMove(state, uid, 'uta', coin)
    const spot = freeToMove(state, uid, 'spot', coin)
    const otc = freeToMove(state, uid, 'p2p', coin)
    return {
      data: {
        coin,
        otcMaxWithdrawal: otc.toFixed(),
        spotMaxWithdrawal: spot.toFixed(),
        utaMaxWithdrawal: uta.toFixed(),
        totalMaxWithdrawal: uta.plus(spot).plus(otc).toFixed(),
      },
    }
  },
}

/**
 * GET /api/v3/account/open-interest-limit: the sandbox imposes no open-interest limit (its
 * instruments carry no maximum quantity: the instruments endpoint answers `maxOrderQty` `""`,
 * its position tier has no upper bound), so `singleUserLimit` and `masterSubLimit` are `""`, as
 * that endpoint writes "no maximum", and `marketMakerLimit` `"0"`, as the page's example shows
 * for an account with no market-maker quota (README, decisions). A `symbol` the sandbox does not
 * list in the category answers `40034`, as the other market reads.
 */
export const openInterestLimitRoute: Route = {
  id: Unified.getOpenInterestLimit.id,
  method: 'GET',
  path: Unified.getOpenInterestLimit.path,
  auth: true,
  handle({ state, params }) {
    const symbol = String(params.symbol)
    if (!instrumentFor(state, String(params.category), symbol))
      return { error: unknownSymbol(symbol) }
    return { data: { symbol, singleUserLimit: '', masterSubLimit: '', marketMakerLimit: '0' } }
  },
}
