/**
 * The classic spot wallet's reads (GET /api/v2/spot/account/assets and /bills), over the spot
 * wallet the classic transfer moves: a classic key can move funds to spot, and ccxt's
 * `fetchBalance()` and `fetchLedger(code)` read them there (spot is ccxt's default type). The
 * rules do not define these endpoints (the SDK does not read the spot wallet), so the routes
 * take raw queries and, when the sandbox is `strict`, refuse a field the page does not list.
 */

import { parameterFailure } from '../../exchange/codes.js'
import { spotBillsOf, spotWallet } from '../../exchange/transfers.js'
import type { Outcome, Route } from '../../exchange.js'
import { coinRecords } from '../../records/market.js'
import { spotAssetRecord } from '../../records/spot.js'
import { uidOf } from './common.js'
import { inWindow } from './history.js'

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

/** A `40017` naming the first field the page does not list, when the sandbox is `strict`. */
function unlisted(
  params: Record<string, unknown>,
  fields: readonly string[],
  strict: boolean | undefined,
): Outcome | undefined {
  const field = Object.keys(params).find((name) => !fields.includes(name))
  if (strict !== true || field === undefined) return undefined
  return { error: parameterFailure(`${field}: not a field of this endpoint`) }
}

/**
 * GET /api/v2/spot/account/assets ("Get Account Assets"): the spot wallet's coins, all
 * `available`. `coin` asks one coin (answered with `"0"` when the wallet never held it); else
 * `assetType` `hold_only` (the default) answers the coins held, `all` also the sandbox's other
 * coins at `"0"`.
 */
export const spotAssetsRoute: Route = {
  id: 'classic.getSpotAssets',
  method: 'GET',
  path: '/api/v2/spot/account/assets',
  auth: true,
  handle({ state, key, params, now, strict }) {
    const refused = unlisted(params, ['coin', 'assetType'], strict)
    if (refused) return refused
    const held = spotWallet(state, uidOf(key))
    const amountOf = (coin: string) => held.find((h) => h.coin === coin)?.amount ?? '0'
    const coin = text(params.coin)
    if (coin !== undefined) return { data: [spotAssetRecord(coin, amountOf(coin), now)] }
    const coins =
      text(params.assetType) === 'all'
        ? [
            ...new Set([
              ...coinRecords(state.instruments.values()).map((c) => c.coin),
              ...held.map((h) => h.coin),
            ]),
          ]
        : held.filter((h) => h.amount !== '0').map((h) => h.coin)
    return { data: coins.map((c) => spotAssetRecord(c, amountOf(c), now)) }
  },
}

/**
 * GET /api/v2/spot/account/bills ("Get Account Bills"): the spot wallet's moves (the transfers
 * in and out: `groupType` `transfer`), newest first, by `coin`, `groupType`, `businessType`
 * (any case), time and `idLessThan`; `limit` 100 by default, at most 500.
 */
export const spotBillsRoute: Route = {
  id: 'classic.getSpotBills',
  method: 'GET',
  path: '/api/v2/spot/account/bills',
  auth: true,
  handle({ state, key, params, strict }) {
    const fields = [
      'coin',
      'groupType',
      'businessType',
      'startTime',
      'endTime',
      'limit',
      'idLessThan',
    ]
    const refused = unlisted(params, fields, strict)
    if (refused) return refused
    const coin = text(params.coin)
    const groupType = text(params.groupType)
    const businessType = text(params.businessType)?.toLowerCase()
    const before = text(params.idLessThan)
    const limit = Math.min(500, Math.max(1, Number(text(params.limit) ?? 100) || 100))
    const bills = spotBillsOf(state, uidOf(key)).filter(
      (bill) =>
        (coin === undefined || bill.coin === coin) &&
        (groupType === undefined || groupType === 'transfer') &&
        (businessType === undefined || bill.businessType === businessType) &&
        (before === undefined || BigInt(bill.billId) < BigInt(/^\d+$/.test(before) ? before : 0)) &&
        inWindow(params, bill.ts),
    )
    return {
      data: bills.slice(0, limit).map((bill) => ({
        cTime: String(bill.ts),
        coin: bill.coin,
        groupType: 'transfer',
        businessType: bill.businessType,
        size: bill.size,
        balance: bill.balance,
        fees: '0',
        billId: bill.billId,
      })),
    }
  },
}
