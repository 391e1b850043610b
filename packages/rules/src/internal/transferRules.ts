/**
 * What the transfers between an account's own accounts share, the classic wallet transfer and the
 * unified account's: the classic account types and the cross-field rule.
 */
import { create, describe, type Issue } from '../Issue.js'

/**
 * The classic account types, as both transfer pages list them: `spot` (the spot and funding
 * account), `p2p` (P2P/OTC), the three futures accounts and the two margin accounts. The unified
 * transfer adds `uta`.
 */
export const classicAccountTypes = [
  'spot',
  'p2p',
  'coin_futures',
  'usdt_futures',
  'usdc_futures',
  'crossed_margin',
  'isolated_margin',
] as const

/**
 * A transfer's sides: two different accounts, and `symbol` when either is the isolated margin
 * account ("Required when transferring to or from ... a leveraged position-by-position account").
 * The rule of both transfers, the classic wallet transfer's (`ClassicFutures.transfer`) and the
 * unified account's (`Unified.transfer`), kept apart from either so that neither bundles the
 * other's fields.
 */
export function transferRules(draft: {
  readonly fromType?: string | undefined
  readonly toType?: string | undefined
  readonly symbol?: string | undefined
}): readonly Issue[] {
  const issues: Issue[] = []
  if (draft.fromType !== undefined && draft.fromType === draft.toType)
    issues.push(
      create({
        type: 'value',
        path: ['toType'],
        expected: `an account other than fromType (${draft.fromType})`,
        received: describe(draft.toType),
      }),
    )
  const isolated = draft.fromType === 'isolated_margin' || draft.toType === 'isolated_margin'
  if (isolated && draft.symbol === undefined)
    issues.push(
      create({
        type: 'missing',
        path: ['symbol'],
        expected: 'the pair of the isolated margin account',
        received: describe(undefined),
      }),
    )
  return issues
}
