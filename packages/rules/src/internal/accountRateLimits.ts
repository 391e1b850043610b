/**
 * The rate-limit rows of the account settings and margin endpoints of both futures lines
 * (accounts, leverage, margin and position modes, isolated margin, openable sizes), each quoting
 * the Bitget page it comes from; spread into the line tables of ./rateLimitTables.ts.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond } from './rateLimitRule.js'

/** A row of the exchange's account pages: the page's title, its endpoint and its limit sentence. */
const rowAccount = (page: string, endpoint: string, limit: string) =>
  `not in the spec; Bitget "${page}" (${endpoint}): "${limit}"`

/** The unified account's settings. */
export const unifiedAccountRows = {
  'unified.setLeverage': [
    /* @__PURE__ */ perSecond(
      'unified.setLeverage',
      10,
      /* @__PURE__ */ rowAccount(
        'Set Leverage',
        'POST /api/v3/account/set-leverage',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.setHoldMode': [
    /* @__PURE__ */ perSecond(
      'unified.setHoldMode',
      10,
      /* @__PURE__ */ rowAccount(
        'Set Holding Mode',
        'POST /api/v3/account/set-hold-mode',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.getMaxOpenAvailable': [
    /* @__PURE__ */ perSecond(
      'unified.getMaxOpenAvailable',
      5,
      /* @__PURE__ */ rowAccount(
        'Get Max Open Available',
        'POST /api/v3/account/max-open-available',
        'Rate limit: 5/sec/UID',
      ),
    ),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/** The classic account's settings and margin. */
export const classicAccountRows = {
  'classic.getAccount': [
    /* @__PURE__ */ perSecond(
      'classic.getAccount',
      10,
      /* @__PURE__ */ rowAccount(
        'Get Single Account',
        'GET /api/v2/mix/account/account',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.getAccounts': [
    /* @__PURE__ */ perSecond(
      'classic.getAccounts',
      10,
      /* @__PURE__ */ rowAccount(
        'Get Account List',
        'GET /api/v2/mix/account/accounts',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.setLeverage': [
    /* @__PURE__ */ perSecond(
      'classic.setLeverage',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Leverage',
        'POST /api/v2/mix/account/set-leverage',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.setMarginMode': [
    /* @__PURE__ */ perSecond(
      'classic.setMarginMode',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Margin Mode',
        'POST /api/v2/mix/account/set-margin-mode',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.setPositionMode': [
    /* @__PURE__ */ perSecond(
      'classic.setPositionMode',
      5,
      /* @__PURE__ */ rowAccount(
        'Change Position Mode',
        'POST /api/v2/mix/account/set-position-mode',
        'Frequency limit: 5 times/1s (uid)',
      ),
    ),
  ],
  'classic.getMaxOpen': [
    /* @__PURE__ */ perSecond(
      'classic.getMaxOpen',
      20,
      /* @__PURE__ */ rowAccount(
        'Get Max Openable Quantity',
        'GET /api/v2/mix/account/max-open',
        'Rate limit: 20 req/sec/UID',
      ),
    ),
  ],
  'classic.getOpenCount': [
    /* @__PURE__ */ perSecond(
      'classic.getOpenCount',
      10,
      /* @__PURE__ */ rowAccount(
        'My Estimated Open Count',
        'GET /api/v2/mix/account/open-count',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.setMargin': [
    /* @__PURE__ */ perSecond(
      'classic.setMargin',
      5,
      /* @__PURE__ */ rowAccount(
        'Adjust Position Margin',
        'POST /api/v2/mix/account/set-margin',
        'Rate limit: 5 req/sec/UID',
      ),
    ),
  ],
  'classic.getLiquidationPrice': [
    /* @__PURE__ */ perSecond(
      'classic.getLiquidationPrice',
      20,
      /* @__PURE__ */ rowAccount(
        'Get Liquidation Price',
        'GET /api/v2/mix/account/liq-price',
        'Rate limit: 20 req/sec/UID',
      ),
    ),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
