/**
 * Why a cross-field rule stays described only (`reason` in `x-tradeline-rules`): what JSON
 * Schema cannot say, or the context the rule needs beside the request.
 */

/** Why a context-free rule stays described only. */
export const reasons = {
  compare:
    'compares the values of two fields (endTime not before startTime): JSON Schema cannot compare one value with another',
  span: 'bounds the time between two fields (endTime at most so many days after startTime): JSON Schema cannot subtract one value from another',
  unique:
    "each id at most once in the list: JSON Schema's uniqueItems compares whole items, not one field of each",
  range:
    "a decimal text within a numeric range: JSON Schema's minimum and maximum read numbers, and the field is decimal text",
} as const

/** What the context rules need (their reason); a rule not named here gets the general one. */
const contextNeeds: Record<string, string> = {
  instrumentRule: "the instrument's price and size steps",
  instrumentRules: "the instrument's price and size steps",
  stepRules: "the instrument's price step",
  tickIssues: "the instrument's price step",
  positionModeRule: "the account's position mode",
  modeRules: "the account's position mode",
  holdSideRule: "the account's position mode",
  oneWayHoldSide: "the account's position mode",
  orderRules: "the instrument and the account's position mode",
  rpiRule: "the account's RPI permission",
  holdingLimitRule: 'the count of open orders',
  elitePairRule: "the key's copy-trading role",
  historyWindowRule: 'the current time',
  marketPrice: 'the type of the order being modified',
  sizeWithPrice: 'the type of the order being modified',
}

/** The reason of a rule that reads context. */
export function contextReason(name: string | undefined): string {
  const need = (name && contextNeeds[name]) || 'what Endpoint.check is given beside the request'
  return `needs context the request does not carry (${need})`
}
