/** Symbol lists of the market endpoints that take up to 500 symbols per request. */
/** The symbols of a list given as an array or a comma-separated string, trimmed, without repeats. */
export function symbolsOf(value: unknown): string[] | undefined {
  const items =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined
  if (!items) return undefined
  const out: string[] = []
  for (const item of items) {
    const text = typeof item === 'string' ? item.trim() : item
    if (typeof text !== 'string' || text === '') return undefined
    if (!out.includes(text)) out.push(text)
  }
  return out
}

/**
 * Asks for every symbol in requests of at most `size`, one after another, and merges the
 * records in the order the symbols were given (a record of a symbol not asked for comes last).
 */
export async function bySymbols<record extends { readonly symbol: string }>(
  symbols: readonly string[],
  size: number,
  load: (part: readonly string[]) => Promise<readonly record[]>,
): Promise<record[]> {
  const found: record[] = []
  for (let at = 0; at < symbols.length; at += size)
    found.push(...(await load(symbols.slice(at, at + size))))
  const rank = new Map(symbols.map((symbol, index) => [symbol, index]))
  return found
    .map((record, index) => ({ record, index }))
    .sort(
      (a, b) =>
        (rank.get(a.record.symbol) ?? symbols.length) -
          (rank.get(b.record.symbol) ?? symbols.length) || a.index - b.index,
    )
    .map(({ record }) => record)
}
