/**
 * The rate-limit rows of the ledger endpoints (bills, fill and position history, funding rates,
 * transfers of both lines, unified close positions), each with the quote of the Bitget page it
 * comes from; spread into the line tables of ./publicRateLimits.ts, ./unifiedRateLimits.ts and
 * ./classicRateLimits.ts.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { perSecond, rowPage } from './rateLimitRule.js'

/** The unified line's funding rates (public, per IP). */
export const publicLedgerRows = {
  'public.getCurrentFundRate': [
    /* @__PURE__ */ perSecond(
      'public.getCurrentFundRate',
      20,
      /* @__PURE__ */ rowPage(
        'Get Current Funding Rate',
        'GET /api/v3/market/current-fund-rate',
        'Rate limit: 20/sec/IP',
      ),
      { scope: 'ip' },
    ),
  ],
  'public.getHistoryFundRate': [
    /* @__PURE__ */ perSecond(
      'public.getHistoryFundRate',
      20,
      /* @__PURE__ */ rowPage(
        'Get Funding Rate History',
        'GET /api/v3/market/history-fund-rate',
        'Rate limit: 20/sec/IP',
      ),
      { scope: 'ip' },
    ),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/**
 * Financial records, position history, close positions, the unified account's transfers,
 * funding assets, max transferable and transferable coins, its account info, max withdrawal and
 * open-interest limit, its deposits and withdrawals.
 */
export const unifiedLedgerRows = {
  'unified.getFinancialRecords': [
    /* @__PURE__ */ perSecond(
      'unified.getFinancialRecords',
      20,
      /* @__PURE__ */ rowPage(
        'Get Financial Records',
        'GET /api/v3/account/financial-records',
        'Rate limit: 20/sec/UID',
      ),
    ),
  ],
  'unified.getPositionHistory': [
    /* @__PURE__ */ perSecond(
      'unified.getPositionHistory',
      20,
      /* @__PURE__ */ rowPage(
        'Get Positions History',
        'GET /api/v3/position/history-position',
        'Rate limit: 20/sec/UID',
      ),
    ),
  ],
  'unified.closePositions': [
    /* @__PURE__ */ perSecond(
      'unified.closePositions',
      5,
      /* @__PURE__ */ rowPage(
        'Close All Positions',
        'POST /api/v3/trade/close-positions',
        'Rate limit: 5/sec/UID',
      ),
    ),
  ],
  'unified.transfer': [
    /* @__PURE__ */ perSecond(
      'unified.transfer',
      5,
      /* @__PURE__ */ rowPage('Transfer', 'POST /api/v3/account/transfer', 'Rate limit: 5/sec/UID'),
    ),
  ],
  'unified.getFundingAssets': [
    /* @__PURE__ */ perSecond(
      'unified.getFundingAssets',
      20,
      /* @__PURE__ */ rowPage(
        'Get Account Funding Assets',
        'GET /api/v3/account/funding-assets',
        'Rate limit: 20/sec/UID',
      ),
    ),
  ],
  'unified.getMaxTransferable': [
    /* @__PURE__ */ perSecond(
      'unified.getMaxTransferable',
      3,
      /* @__PURE__ */ rowPage(
        'Get Max Transferable',
        'GET /api/v3/account/max-transferable',
        'Rate limit: 3/sec/UID',
      ),
    ),
  ],
  'unified.getAccountInfo': [
    /* @__PURE__ */ perSecond(
      'unified.getAccountInfo',
      5,
      /* @__PURE__ */ rowPage(
        'Get Account Info',
        'GET /api/v3/account/info',
        'Rate limit: 5/sec/UID',
      ),
    ),
  ],
  'unified.getMaxWithdrawal': [
    /* @__PURE__ */ perSecond(
      'unified.getMaxWithdrawal',
      10,
      /* @__PURE__ */ rowPage(
        'Get Max Withdrawal',
        'GET /api/v3/account/max-withdrawal',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.getOpenInterestLimit': [
    /* @__PURE__ */ perSecond(
      'unified.getOpenInterestLimit',
      5,
      /* @__PURE__ */ rowPage(
        'Get OI Limit',
        'GET /api/v3/account/open-interest-limit',
        'Rate limit: 5/sec/UID',
      ),
    ),
  ],
  'unified.getTransferableCoins': [
    /* @__PURE__ */ perSecond(
      'unified.getTransferableCoins',
      10,
      /* @__PURE__ */ rowPage(
        'Get Transferable Coins',
        'GET /api/v3/account/transferable-coins',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.getDepositAddress': [
    /* @__PURE__ */ perSecond(
      'unified.getDepositAddress',
      10,
      /* @__PURE__ */ rowPage(
        'Get Deposit Address',
        'GET /api/v3/account/deposit-address',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.getDepositRecords': [
    /* @__PURE__ */ perSecond(
      'unified.getDepositRecords',
      10,
      /* @__PURE__ */ rowPage(
        'Get Deposit Records',
        'GET /api/v3/account/deposit-records',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
  'unified.withdraw': [
    /* @__PURE__ */ perSecond(
      'unified.withdraw',
      1,
      /* @__PURE__ */ rowPage(
        'Withdrawal',
        'POST /api/v3/account/withdrawal',
        'Rate limit: 1/sec/UID',
      ),
    ),
  ],
  'unified.getWithdrawalRecords': [
    /* @__PURE__ */ perSecond(
      'unified.getWithdrawalRecords',
      10,
      /* @__PURE__ */ rowPage(
        'Get Withdrawal Records',
        'GET /api/v3/account/withdrawal-records',
        'Rate limit: 10/sec/UID',
      ),
    ),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>

/** Bills, fill history, single and historical positions, funding rates, transfers. */
export const classicLedgerRows = {
  'classic.getAccountBill': [
    /* @__PURE__ */ perSecond(
      'classic.getAccountBill',
      10,
      /* @__PURE__ */ rowPage(
        'Get Account Bills',
        'GET /api/v2/mix/account/bill',
        'Rate limit: 10 req/sec/UID',
      ),
    ),
  ],
  'classic.getFillHistory': [
    /* @__PURE__ */ perSecond(
      'classic.getFillHistory',
      10,
      /* @__PURE__ */ rowPage(
        'Get Historical Transaction Details',
        'GET /api/v2/mix/order/fill-history',
        'Frequency limit: 10 times/1s (uid)',
      ),
    ),
  ],
  'classic.getSinglePosition': [
    /* @__PURE__ */ perSecond(
      'classic.getSinglePosition',
      10,
      /* @__PURE__ */ rowPage(
        'Get Single Position',
        'GET /api/v2/mix/position/single-position',
        'Rate limit: 10 requests/sec/UID',
      ),
    ),
  ],
  'classic.getHistoryPosition': [
    /* @__PURE__ */ perSecond(
      'classic.getHistoryPosition',
      20,
      /* @__PURE__ */ rowPage(
        'Get Historical Position',
        'GET /api/v2/mix/position/history-position',
        '20times/S (uid)',
      ),
    ),
  ],
  'classic.getAdlRank': [
    /* @__PURE__ */ perSecond(
      'classic.getAdlRank',
      5,
      /* @__PURE__ */ rowPage(
        'Get Position Adl Rank',
        'GET /api/v2/mix/position/adlRank',
        '5times/S (uid)',
      ),
    ),
  ],
  'classic.getCurrentFundRate': [
    /* @__PURE__ */ perSecond(
      'classic.getCurrentFundRate',
      20,
      /* @__PURE__ */ rowPage(
        'Get Current Funding Rate',
        'GET /api/v2/mix/market/current-fund-rate',
        'Frequency limit: 20 times/1s (IP)',
      ),
      { scope: 'ip' },
    ),
  ],
  'classic.getHistoryFundRate': [
    /* @__PURE__ */ perSecond(
      'classic.getHistoryFundRate',
      20,
      /* @__PURE__ */ rowPage(
        'Get Historical Funding Rates',
        'GET /api/v2/mix/market/history-fund-rate',
        'Frequency limit: 20 times/1s (IP)',
      ),
      { scope: 'ip' },
    ),
  ],
  'classic.transfer': [
    /* @__PURE__ */ perSecond(
      'classic.transfer',
      10,
      /* @__PURE__ */ rowPage(
        'Transfer',
        'POST /api/v2/spot/wallet/transfer',
        'Rate limit: 10 requests/second/UID',
      ),
    ),
  ],
  'classic.getTransferRecords': [
    /* @__PURE__ */ perSecond(
      'classic.getTransferRecords',
      20,
      /* @__PURE__ */ rowPage(
        'Get Transfer Record',
        'GET /api/v2/spot/account/transferRecords',
        'Frequency limit: 20 times/1s (User ID)',
      ),
    ),
  ],
} as const satisfies Partial<Record<EndpointId, readonly Rule[]>>
