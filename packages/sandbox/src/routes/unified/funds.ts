/**
 * The unified account's funds: the transfer in and out of it, the funding account's coins and
 * how much and which coins may leave an account (UTA "Transfer", "Get Account Funding Assets",
 * "Get Max Transferable", "Get Transferable Coins"), over the sandbox's transfers
 * (exchange/transfers.ts).
 */
import { Unified } from '@tradeline/rules'
import { Big } from '@tradeline/rules/big'
import { accountBalance, coinsHeld, spotWallet, transferFunds } from '../../exchange/transfers.js'
import type { Route } from '../../exchange.js'
import { setField } from '../../json.js'
import { decimalOfNumber } from '../../jsonNumbers.js'
import type { SandboxState } from '../../state.js'
import { text } from '../market.js'
import { uidOf } from './common.js'

/**
 * What an account has free of a coin to move out, rounded down to 8 decimals so that amount is
 * accepted, never below zero: max-transferable's `maxTransfer` (of `uta`) and max-withdrawal's
 * figures.
 */
export function freeToMove(state: SandboxState, uid: string, type: string, coin: string): Big {
  return Big.max(accountBalance(state, uid, type, coin, 'unified'), 0).toDecimalPlaces(
    8,
    Big.ROUND_DOWN,
  )
}

/**
 * POST /api/v3/account/transfer: moves `amount` of `coin` between two of the unified account's
 * accounts and answers `{ transferId }`. `uta` is the unified balance (what
 * `/api/v3/account/assets` shows, by its free part); every other type a wallet of its own
 * (`spot` is the funding account that funding-assets reads). A `uta` side writes a
 * `TRANSFER_IN`/`TRANSFER_OUT` financial record (category `SPOT`); more than the sending account
 * has free is `43012`, the sandbox's code of a short transfer. There is no `clientOid`: each call
 * moves the amount again. An `amount` sent as a JSON number (ccxt's `transfer` sends one) is read
 * as the decimal written, unless the sandbox is strict.
 */
export const transferRoute: Route = {
  id: Unified.transfer.id,
  method: 'POST',
  path: Unified.transfer.path,
  auth: true,
  reads(input) {
    const read: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(input))
      setField(read, name, name === 'amount' ? decimalOfNumber(value) : value)
    return read
  },
  handle({ state, key, params }) {
    const done = transferFunds(
      state,
      uidOf(key),
      {
        fromType: String(params.fromType),
        toType: String(params.toType),
        amount: String(params.amount),
        coin: String(params.coin),
        symbol: text(params.symbol),
      },
      'unified',
    )
    if (!done.ok) return { error: done.error }
    return { data: { transferId: done.transfer.transferId } }
  },
}

/**
 * GET /api/v3/account/funding-assets: the funding account's (`spot`) coins with a balance other
 * than zero, in the order the wallet first held them, of one `coin` when asked; all `available`
 * (nothing in the sandbox freezes them), `frozen` `"0"`.
 */
export const fundingAssetsRoute: Route = {
  id: Unified.getFundingAssets.id,
  method: 'GET',
  path: Unified.getFundingAssets.path,
  auth: true,
  handle({ state, key, params }) {
    const coin = text(params.coin)
    const data = spotWallet(state, uidOf(key))
      .filter((held) => held.amount !== '0' && (coin === undefined || held.coin === coin))
      .map((held) => ({
        coin: held.coin,
        available: held.amount,
        frozen: '0',
        balance: held.amount,
      }))
    return { data }
  },
}

/**
 * GET /api/v3/account/max-transferable: `maxTransfer`, the unified balance's free part of `coin`
 * (what open orders and positions do not hold) rounded down to 8 decimals, so a transfer of it
 * out of `uta` is accepted; `borrowMaxTransfer` the same, as the sandbox lends nothing to a
 * transfer (README, decisions).
 */
export const maxTransferableRoute: Route = {
  id: Unified.getMaxTransferable.id,
  method: 'GET',
  path: Unified.getMaxTransferable.path,
  auth: true,
  handle({ state, key, params }) {
    const coin = String(params.coin)
    const most = freeToMove(state, uidOf(key), 'uta', coin).toFixed()
    return { data: { coin, maxTransfer: most, borrowMaxTransfer: most } }
  },
}

/**
 * GET /api/v3/account/transferable-coins: the coins `fromType` holds free, what a transfer from
 * it to `toType` accepts, as a bare list of names in the order the account first held them
 * (`uta` by the unified balance's free part, every other type by its wallet); none when both
 * sides are the same account, which a transfer refuses (README, decisions).
 */
export const transferableCoinsRoute: Route = {
  id: Unified.getTransferableCoins.id,
  method: 'GET',
  path: Unified.getTransferableCoins.path,
  auth: true,
  handle({ state, key, params }) {
    const fromType = String(params.fromType)
    if (fromType === String(params.toType)) return { data: [] }
    return { data: coinsHeld(state, uidOf(key), fromType, 'unified') }
  },
}
