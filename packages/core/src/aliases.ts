/**
 * Deprecated aliases of client methods: an old name kept for one minor version after a rename,
 * the same function as the new one.
 */

/**
 * Adds each alias to `group` as the same function as the method it names, not enumerable, so a
 * listing of the group (`Object.keys`, `console.log`, the fuzz suites) shows every method once.
 *
 * @example
 * import { withAliases } from '@tradeline/core/internal'
 * const getDepth = async (symbol: string) => ({ symbol, bids: [], asks: [] })
 * const market = withAliases({ getDepth }, { depth: 'getDepth' })
 * market.depth === market.getDepth // true
 */
export function withAliases<
  group extends object,
  const aliases extends Readonly<Record<string, keyof group>>,
>(
  group: group,
  aliases: aliases,
): group & { readonly [alias in keyof aliases]: group[aliases[alias]] } {
  for (const [alias, name] of Object.entries(aliases) as [string, keyof group][])
    Object.defineProperty(group, alias, { value: group[name], enumerable: false })
  return group as group & { readonly [alias in keyof aliases]: group[aliases[alias]] }
}
