import type { WriteErrorType } from '@tradeline/core'
import { callEndpoint } from '@tradeline/core'
import { Unified } from '@tradeline/rules/unified'
import { type CallOptions, type ClientBase, requireArgument } from '../internal/call.js'
import { type TransferResult, transferResult } from '../schemas/funds.js'

/**
 * Moves funds in or out of the unified account (POST /api/v3/account/transfer): `amount` of
 * `coin` from `fromType` to `toType`, `uta` being the unified account and the others its classic
 * accounts (`spot` the spot and funding account, `p2p`, the futures and margin accounts; `symbol`
 * names the pair of `isolated_margin`). Answers the exchange's `transferId`.
 *
 * The exchange takes no idempotency key for it (no `clientOid`): a transfer sent twice moves the
 * amount twice. So it is sent once and never retried: an unknown outcome (a timeout, a lost
 * connection, `40010`/`45001`, an answer that cannot be read) is thrown as an
 * `UnknownOutcomeError`. Find out before sending again: a transfer out of or into `uta` is a
 * `TRANSFER_OUT`/`TRANSFER_IN` financial record (`account.getFinancialRecords`), and the balances
 * show it (`account.getAssets`, and `account.getFundingAssets` for `spot`).
 *
 * @example
 * import { createUnifiedClient, transfer } from '@tradeline/unified'
 * const client = createUnifiedClient({ credentials })
 * const { transferId } = await transfer(client, { fromType: 'uta', toType: 'spot', amount: '10', coin: 'USDT' })
 */
export async function transfer(
  client: ClientBase,
  parameters: transfer.Parameters,
  options: transfer.Options = {},
): Promise<transfer.ReturnType> {
  requireArgument(Unified.transfer, parameters, 'object', 'parameters')
  return callEndpoint(client, Unified.transfer, parameters, transferResult, options)
}

export declare namespace transfer {
  /** `fromType`, `toType`, `amount`, `coin` (required), `symbol`. */
  type Parameters = Unified.transfer.Parameters
  /** Options of the call. */
  type Options = CallOptions
  /** `{ transferId }`. */
  type ReturnType = TransferResult
  /** What the call may throw: an `UnknownOutcomeError` is never resent (see above). */
  type ErrorType = WriteErrorType
}
