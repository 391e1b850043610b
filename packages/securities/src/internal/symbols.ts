/** Symbol lists of the market endpoints that take up to 500 symbols per request. */
import { callEndpoint, ValidationError } from '@tradeline/core'
import { requireArgument } from '@tradeline/core/internal'
import { Endpoint, Issue, type Issues, Limits } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import type { CallOptions, ClientBase } from './client.js'

/** The symbols of a list given as an array or a comma-separated string, trimmed, without repeats. */
export function symbolsOf(value: unknown): string[] | undefined {
  return symbolListOf(value)?.symbols
}

/**
 * The symbols of a list (trimmed, without repeats) and, for each, its index in the caller's
 * list; `undefined` when the list is not an array or a string of non-empty texts.
 */
export function symbolListOf(value: unknown): { symbols: string[]; at: number[] } | undefined {
  const items =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined
  if (!items) return undefined
  const symbols: string[] = []
  const at: number[] = []
  for (const [index, item] of items.entries()) {
    const text = typeof item === 'string' ? item.trim() : item
    if (typeof text !== 'string' || text === '') return undefined
    if (symbols.includes(text)) continue
    symbols.push(text)
    at.push(index)
  }
  return { symbols, at }
}

/**
 * Splits a request's symbol list into requests of at most `size` symbols and checks every one
 * against the rules before any is sent: a bad symbol is refused naming its index in the
 * caller's list (`symbol[899]`), an unknown field as in any other call. Returns the parts'
 * requests, `undefined` when the list is no list (the rules refuse it as given).
 */
export function splitChecked(
  endpoint: Endpoint.Endpoint,
  parameters: { readonly symbol?: unknown },
  size: number,
): { symbols: string[]; parts: Record<string, unknown>[] } | undefined {
  const list = symbolListOf(parameters.symbol)
  if (!list) return undefined
  const parts: Record<string, unknown>[] = []
  for (let from = 0; from < list.symbols.length; from += size) {
    const part = { ...parameters, symbol: list.symbols.slice(from, from + size) }
    const { issues = [] } = Endpoint.check(endpoint, part)
    if (issues.length > 0) {
      const named = issues.map((issue) => {
        const [field, index, ...rest] = issue.path
        if (field !== 'symbol' || typeof index !== 'number') return issue
        return Issue.create({
          type: issue.type,
          path: [field, list.at[from + index] ?? index, ...rest],
          expected: issue.expected,
          received: issue.received,
        })
      })
      throw new ValidationError({ endpoint: endpoint.id, issues: named as unknown as Issues })
    }
    parts.push(part)
  }
  return { symbols: list.symbols, parts }
}

/** `records` in the order their symbols were given (a record of a symbol not asked for comes last). */
function ordered<record extends { readonly symbol: string }>(
  symbols: readonly string[],
  records: readonly record[],
): record[] {
  const rank = new Map(symbols.map((symbol, index) => [symbol, index]))
  return records
    .map((record, index) => ({ record, index }))
    .sort(
      (a, b) =>
        (rank.get(a.record.symbol) ?? symbols.length) -
          (rank.get(b.record.symbol) ?? symbols.length) || a.index - b.index,
    )
    .map(({ record }) => record)
}

/**
 * Calls a symbol-list endpoint for any number of symbols: every part of at most 500 is checked
 * first ({@link splitChecked}), then asked for one after another, and the records merged in the
 * order the symbols were given. A value that is no list goes to the rules as given, so the
 * refusal names the caller's value.
 */
export async function callBySymbols<
  schema extends v.GenericSchema<unknown, readonly { readonly symbol: string }[]>,
>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint,
  parameters: { readonly symbol?: unknown },
  response: schema,
  options: CallOptions,
): Promise<v.InferOutput<schema>> {
  requireArgument(endpoint, parameters, 'object')
  const split = splitChecked(endpoint, parameters, Limits.securitiesSymbolsPerRequest)
  if (!split) return callEndpoint(client, endpoint, parameters, response, options)
  const found: v.InferOutput<schema>[number][] = []
  for (const part of split.parts)
    found.push(...(await callEndpoint(client, endpoint, part, response, options)))
  return ordered(split.symbols, found) as v.InferOutput<schema>
}
