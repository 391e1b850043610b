/**
 * The rate-limit rows of the savings endpoints (/api/v2/earn/savings), with the quote of the row
 * each rule comes from. Every rule built from a call is marked pure, so a bundle keeps only the
 * tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond, rowMarket } from './rateLimitRule.js'

const rowSavings = `Bitget savings pages (https://www.bitget.com/api-doc/earn/savings/Savings-Subscribe): savings endpoints | 10 per second per UID`

/** A savings endpoint: 10 per second per UID, quoting its page of the exchange docs. */
/* @__NO_SIDE_EFFECTS__ */
function savingsRow(key: string, page: string): Rule {
  return perSecond(
    key,
    10,
    `Bitget https://www.bitget.com/api-doc/earn/savings/${page}: "Frequency limit: 10c/1s (Uid)"`,
  )
}

/** The savings endpoints. */
export const savingsTable = {
  'savings.getSubscribeInfo': [
    /* @__PURE__ */ perSecond('savings.getSubscribeInfo', 10, rowSavings),
  ],
  'savings.getSubscribeResult': [
    /* @__PURE__ */ perSecond('savings.getSubscribeResult', 10, rowSavings),
  ],
  'savings.getProducts': [
    /* @__PURE__ */ perSecond(
      'savings.getProducts',
      10,
      /* @__PURE__ */ rowMarket(
        'Savings (v2 earn): All 10/s/UID. GET /api/v2/earn/savings/product',
      ),
    ),
  ],
  // savings account, holdings, records and the subscribe/redeem writes
  'savings.subscribe': [/* @__PURE__ */ savingsRow('savings.subscribe', 'Savings-Subscribe')],
  'savings.redeem': [/* @__PURE__ */ savingsRow('savings.redeem', 'Savings-Redeem')],
  'savings.getRedeemResult': [
    /* @__PURE__ */ savingsRow('savings.getRedeemResult', 'Savings-Redeem-Result'),
  ],
  'savings.getAssets': [/* @__PURE__ */ savingsRow('savings.getAssets', 'Savings-Assets')],
  'savings.getRecords': [/* @__PURE__ */ savingsRow('savings.getRecords', 'Savings-Records')],
  'savings.getAccount': [/* @__PURE__ */ savingsRow('savings.getAccount', 'Savings-Account')],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
