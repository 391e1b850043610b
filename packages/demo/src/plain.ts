/**
 * Plain words beside the exchange's wire values in the demo's printed rows and events: the wire
 * value stays (it is what a user searches the exchange's documentation for), its meaning follows in
 * brackets the first time it appears in a line.
 */

/** Wire values the demo prints, and what each means. */
export const glossary: Readonly<Record<string, string>> = {
  buy_single: 'one-way buy',
  sell_single: 'one-way sell',
  'click-backhand': 'reverse the position',
  hedge_mode: 'long and short at once',
  one_way_mode: 'one net position',
  posMode: 'position mode',
  partially_filled: 'part filled',
  normal_cancel: 'cancelled by the user',
  loss_plan: 'stop-loss',
  profit_plan: 'take-profit',
  track_plan: 'trailing stop',
  close_long: 'closing a long',
  TSLPPCT: 'trailing stop by percent',
  LO: 'limit order',
  NewStatus: 'resting',
  CanceledStatus: 'cancelled',
  crossed: 'cross margin',
}

const pattern = new RegExp(
  `(?<![\\w-])(${Object.keys(glossary)
    .map((term) => term.replace(/[-]/g, '\\-'))
    .join('|')})(?![\\w-])`,
  'g',
)

/**
 * The line with a plain word after the first occurrence of each wire value it contains.
 *
 * @example
 * import { plainWords } from './plain.js'
 * plainWords('filled @ 60000 (buy_single)') // 'filled @ 60000 (buy_single: one-way buy)'
 * plainWords('click-backhand, hedge') // 'click-backhand (reverse the position), hedge'
 */
export function plainWords(line: string): string {
  const seen = new Set<string>()
  return line.replace(pattern, (term, _match, offset: number) => {
    if (seen.has(term)) return term
    seen.add(term)
    const meaning = glossary[term]
    // Last inside brackets, e.g. `(buy_single)`: the meaning joins it inside.
    if (line[offset + term.length] === ')') return `${term}: ${meaning}`
    return `${term} (${meaning})`
  })
}
