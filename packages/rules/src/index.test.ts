import { describe, expect, test } from 'vitest'
import * as big from './big.js'
import * as exports from './index.js'

/** The member names of each namespace export (`export * as X`), sorted. */
function membersOf(module: Record<string, unknown>, skip: readonly string[]) {
  return Object.fromEntries(
    Object.entries(module)
      .filter(([name, value]) => isNamespace(value) && !skip.includes(name))
      .map(([name, value]) => [name, Object.keys(value as object).sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  )
}

function isNamespace(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'Module'
  )
}

/**
 * The endpoint namespaces grow with every endpoint; RateLimits.test.ts collects their endpoints and
 * checks each against the rate-limit ids, so their names are not listed here.
 */
const endpointNamespaces = ['ClassicFutures', 'Public', 'Savings', 'Securities', 'Unified']

describe('@tradeline/rules exports', () => {
  test('@tradeline/rules: every export by name (a change here is an API change)', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "BaseError",
        "Category",
        "ClassicFutures",
        "Decimal",
        "Endpoint",
        "Issue",
        "JsonNumber",
        "Limits",
        "Market",
        "Options",
        "PositionMode",
        "ProductLine",
        "Public",
        "RateLimits",
        "Savings",
        "Securities",
        "Session",
        "Strategy",
        "StrategySupport",
        "TickSize",
        "Unified",
        "ValidationError",
        "bookChannels",
        "candleIntervals",
        "klineIntervals",
        "streamLimits",
        "version",
      ]
    `)
  })

  test('@tradeline/rules: the members of each namespace but the endpoint ones, by name', () => {
    expect(membersOf(exports, endpointNamespaces)).toMatchInlineSnapshot(`
      {
        "Category": [
          "categories",
          "futuresCategories",
          "isFutures",
          "normalize",
        ],
        "Decimal": [
          "InvalidError",
          "add",
          "compare",
          "isDecimal",
          "isMultipleOf",
          "isSignedDecimal",
          "lcm",
          "multiply",
          "normalize",
          "pattern",
          "places",
          "roundToPlaces",
          "roundToStep",
          "signedPattern",
          "subtract",
          "trimZeros",
        ],
        "Endpoint": [
          "ValidationError",
          "assert",
          "check",
          "define",
          "validate",
        ],
        "Issue": [
          "create",
          "describe",
          "formatPath",
          "issueTypes",
          "prefix",
        ],
        "Limits": [
          "batchModifyInFlight",
          "classicBatchSize",
          "clientOidLength",
          "countdown",
          "futuresHoldingLimit",
          "historyOrders",
          "icebergSplitOrderNumbers",
          "limitDepthLevel",
          "realityFillsLimit",
          "realityFillsMonths",
          "requestIdMaxDigits",
          "securitiesExecutionsPerQuery",
          "securitiesExecutionsWindowDays",
          "securitiesRemarkLength",
          "securitiesSymbolsPerRequest",
          "securitiesTradeCount",
          "spotMarginHoldingLimit",
          "strategyParams",
          "textLength",
          "trailVarianceRatio",
          "triggerCount",
          "twapDurationMinutes",
          "twapIntervals",
          "twapLimitOffsetPercentage",
          "twapLimitOffsetSpreadMaxRatio",
          "unifiedBatchSize",
          "unifiedPageSize",
        ],
        "Market": [
          "getCurrentFundRate",
          "getHistoryFundRate",
          "getInstruments",
          "getSpotCoins",
          "getSpotSymbols",
          "getTickers",
        ],
        "Options": [
          "assert",
          "changeCall",
          "check",
          "deadManSwitch",
          "executionsWalk",
          "finiteNumber",
          "loadCache",
          "maxTimerMs",
          "reconcile",
          "request",
          "strategyLookup",
          "streamConnection",
          "streamRead",
          "tradingClient",
          "transport",
          "wholeNumber",
        ],
        "PositionMode": [
          "checkClassic",
          "checkUnified",
          "fromClassic",
          "fromUnified",
          "intents",
          "isModeIssue",
          "modes",
          "toClassic",
          "toUnified",
        ],
        "ProductLine": [
          "coinMarginedPattern",
          "isCoinMargined",
          "isRToken",
          "rTokenPattern",
        ],
        "RateLimits": [
          "UnknownEndpointError",
          "classicTable",
          "copyTrader",
          "endpointIds",
          "isEndpointId",
          "publicTable",
          "rToken",
          "resolve",
          "resolveIn",
          "savingsTable",
          "securitiesTable",
          "stockplusMarketConcurrencyKey",
          "table",
          "unifiedTable",
        ],
        "Session": [
          "InvalidInstantError",
          "at",
          "daylightType",
          "marketStates",
          "rTokenGtdExpiry",
          "regularClose",
          "sessions",
          "states",
          "timeZone",
        ],
        "Strategy": [
          "cancelStrategyOrder",
          "getHistoryStrategyOrders",
          "getUnfilledStrategyOrders",
          "modifyStrategyOrder",
          "placeStrategyOrder",
        ],
        "StrategySupport": [
          "isSupported",
          "matrix",
          "reason",
          "supportedCategories",
          "supportedTypes",
          "types",
        ],
        "TickSize": [
          "InvalidInstrumentError",
          "checkInstrument",
          "checkNotional",
          "checkPrice",
          "checkQty",
          "roundPrice",
          "roundQty",
        ],
      }
    `)
  })

  test('@tradeline/rules/big: every export by name', () => {
    expect(Object.keys(big).sort()).toMatchInlineSnapshot(`
      [
        "Big",
        "parse",
      ]
    `)
  })
})
