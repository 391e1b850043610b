/**
 * The rate-limit rows of the public endpoints every client calls (server time, instruments,
 * tickers, spot symbols and coins, funding rates), with the quote of the row each rule comes from.
 * Every rule built from a call is marked pure, so a bundle keeps only the tables it reads.
 */
import type { EndpointId, Rule } from '../RateLimits.js'
import { publicLedgerRows } from './ledgerRateLimits.js'
import { perSecond, rowMarket } from './rateLimitRule.js'

const rowTime =
  'Bitget "Get Server Time" (https://www.bitget.com/api-doc/common/public/Get-Server-Time): 20 per second per IP'

/** The public endpoints every client calls (server time, instruments, tickers, spot symbols and coins). */
export const publicTable = /* @__PURE__ */ Object.assign(
  // Object.assign, not a spread in the literal: esbuild counts a spread as a side effect and
  // would keep the whole table in every bundle that imports this module.
  {
    'public.getTime': [
      /* @__PURE__ */ perSecond('public.getTime', 20, rowTime, { scope: 'ip', assumed: true }),
    ],
    'public.getTimeV3': [
      /* @__PURE__ */ perSecond('public.getTimeV3', 20, rowTime, { scope: 'ip', assumed: true }),
    ],
    'public.getInstruments': [
      /* @__PURE__ */ perSecond(
        'public.getInstruments',
        20,
        /* @__PURE__ */ rowMarket('GET /api/v3/market/instruments | Public; 20/s/IP'),
        { scope: 'ip' },
      ),
    ],
    'public.getTickers': [
      /* @__PURE__ */ perSecond(
        'public.getTickers',
        20,
        /* @__PURE__ */ rowMarket('GET /api/v3/market/tickers: 20/s/IP'),
        {
          scope: 'ip',
        },
      ),
    ],
    'public.getSpotSymbols': [
      /* @__PURE__ */ perSecond(
        'public.getSpotSymbols',
        20,
        /* @__PURE__ */ rowMarket('GET /api/v2/spot/public/symbols | Public; 20/s/IP'),
        { scope: 'ip' },
      ),
    ],
    'public.getSpotCoins': [
      /* @__PURE__ */ perSecond(
        'public.getSpotCoins',
        3,
        /* @__PURE__ */ rowMarket(
          'GET /api/v2/spot/public/coins (rate limit not listed; 3/s assumed)',
        ),
        { scope: 'ip', assumed: true },
      ),
    ],
  } as const,
  publicLedgerRows,
) satisfies Partial<Record<EndpointId, readonly Rule[]>>
