/**
 * The field checks of the rules (`fieldCheck` actions: a `tradeline:<issue type>` valibot action
 * with prose `expects` and a requirement function) as JSON Schema keywords.
 *
 * A requirement is a function, so its JSON Schema form is written here once per kind of check
 * and then proven: {@link expressCheck} runs the requirement on a corpus of probe strings and
 * keeps a pattern only when it gives the same verdict on every probe that reaches the check.
 * A check without a proven form is described (`x-tradeline-checks`), never guessed.
 */

/** A check as a JSON Schema fragment, or as prose when JSON Schema cannot say it exactly. */
export type Expressed =
  | { readonly kind: 'keywords'; readonly keywords: Record<string, unknown> }
  | { readonly kind: 'described'; readonly text: string }

const decimal = '(?:0|[1-9]\\d*)(?:\\.\\d+)?'

/** Candidate patterns per `expects` text; the first one the probes agree with is taken. */
const patterns: Record<string, readonly string[]> = {
  'a decimal string': [`^${decimal}$`, `^-?${decimal}$`],
  'a decimal string, or "" for none': [`^(?:${decimal})?$`],
  'a decimal string or "" (keeps the existing value)': [`^(?:${decimal})?$`],
  'a decimal string greater than 0, or "" for unchanged': [`^(?:(?=[^1-9]*[1-9])${decimal})?$`],
  'a trading pair: letters, digits, _ . - or $': ['^[\\p{L}\\p{N}_.$-]+$'],
  'an id of visible ASCII characters (no spaces)': ['^[!-~]+$'],
  'a decimal integer string': ['^(?:0|[1-9]\\d*)$'],
  'a non-negative integer': ['^(?:0|[1-9]\\d*)$'],
  'Unix milliseconds (digits)': ['^(?:0|[1-9]\\d*)$'],
  'a whole number of at least 1 as a string (e.g. "20")': ['^[1-9]\\d*$'],
  'an order id of digits': ['^\\d+$'],
  digits: ['^\\d+$'],
  'an integer': ['^-?(?:0|[1-9]\\d*)$'],
  'a coin name such as "USDT"': ['^[\\p{L}\\p{N}$]+$'],
  'a symbol in ticker.region form, e.g. AAPL.US': ['^[A-Za-z0-9][A-Za-z0-9._-]*\\.[A-Z]{2,}$'],
  'only the characters A-Z a-z 0-9 _ : - (those both published clientOid patterns accept)': [
    '^[A-Za-z0-9_:-]*$',
  ],
  'an upper-case coin such as "USDT" (capitalized)': ['^(?!\\s)(?![\\s\\S]*\\s$)[^\\p{Ll}]+$'],
  'a value greater than 0': ['[1-9]'],
  // A `bounded` text without a pattern: its format check accepts every string.
  'a valid value': [''],
}

/** Strings the requirement and the candidate pattern are both run on. */
export const probes: readonly string[] = [
  ...['', ' ', '\t', '\n', 'a b', ' A', 'A ', 'A\nB', '\u00a0USDT'],
  ...['0', '1', '9', '01', '007', '10', '100', '1.5', '0.000', '0.001', '1.', '.5', '1e5', '+1'],
  ...['-1', '-0.5', '-0', '--1', '1-', '0x10', 'NaN', 'Infinity', '١٢٣', '12345678901234567890'],
  ...['abc', 'ABC', 'Abc', 'BTCUSDT', 'btcusdt', 'BTC_USD-CM.$', '$WIF', 'ß', 'Ǆ', 'É', 'é'],
  ...['中文USDT', 'AAPL.US', 'aapl.us', 'AAPL.us', '.US', 'BRK.B.US', 'A.U', 'x:y_z-1', 'a#b'],
  ...['a/b', 'a.b', '!~', '\u007f', 'ÿ', '2024-01-31', '20240131', '2024-02-30', 'r AAPL'],
]

type Requirement = (input: string) => boolean

/**
 * The JSON Schema form of one field check of a string field. `earlier` is what a value must
 * pass before the check runs (the pipe's previous checks), so a probe that never reaches the
 * check is not compared.
 */
export function expressCheck(
  type: string,
  expects: string,
  requirement: Requirement,
  earlier: (input: string) => boolean,
): Expressed {
  const reached = probes.filter((probe) => earlier(probe))
  const reachedMore = (extra: readonly string[]) => extra.filter((probe) => earlier(probe))
  const length = /^at most (\d+) characters/.exec(expects)
  if (type === 'length' && length) {
    const max = Number(length[1])
    if (reached.every((probe) => requirement(probe) === probe.length <= max))
      return { kind: 'keywords', keywords: { maxLength: max } }
  }
  const range = /an integer (?:from (-?\d+) to (-?\d+)|in \[(-?\d+), (-?\d+)\])/.exec(expects)
  const candidates = [...(patterns[expects] ?? [])]
  if (type === 'range' && range) {
    const min = BigInt(range[1] ?? range[3] ?? '0')
    const max = BigInt(range[2] ?? range[4] ?? '0')
    candidates.push(integerRange(min, max))
    for (const n of [min - 1n, min, min + 1n, (min + max) / 2n, max - 1n, max, max + 1n])
      reached.push(...reachedMore([String(n), `0${n}`, `${n}.0`]))
  }
  for (const source of candidates) {
    const regex = new RegExp(source, 'u')
    if (!reached.every((probe) => safe(requirement, probe) === regex.test(probe))) continue
    return { kind: 'keywords', keywords: source === '' ? {} : { pattern: source } }
  }
  return { kind: 'described', text: `${type}: ${expects}` }
}

/** A requirement that throws on a probe counts as refusing it. */
function safe(requirement: Requirement, probe: string): boolean {
  try {
    return requirement(probe)
  } catch {
    return false
  }
}

/** A pattern for the integers from `min` to `max` written without leading zeros. */
export function integerRange(min: bigint, max: bigint): string {
  const parts: string[] = []
  if (min < 0n) {
    const upTo = max < 0n ? -max : 1n
    parts.push(`-(?:${positiveRange(upTo, -min)})`)
  }
  if (max >= 0n) parts.push(positiveRange(min < 0n ? 0n : min, max))
  return `^(?:${parts.join('|')})$`
}

function positiveRange(min: bigint, max: bigint): string {
  const lo = String(min)
  const hi = String(max)
  const parts: string[] = []
  for (let length = lo.length; length <= hi.length; length++) {
    const from = length === lo.length ? lo : `1${'0'.repeat(length - 1)}`
    const to = length === hi.length ? hi : '9'.repeat(length)
    parts.push(sameLength(from, to))
  }
  return parts.join('|')
}

/** Digit strings of one length from `lo` to `hi`. */
function sameLength(lo: string, hi: string): string {
  if (lo === hi) return lo
  const a = Number(lo[0])
  const b = Number(hi[0])
  const rest = lo.length - 1
  const digits = (x: number, y: number) => (x === y ? `${x}` : `[${x}-${y}]`)
  if (rest === 0) return digits(a, b)
  if (/^0*$/.test(lo.slice(1)) && /^9*$/.test(hi.slice(1))) return `${digits(a, b)}\\d{${rest}}`
  if (a === b) return `${a}(?:${sameLength(lo.slice(1), hi.slice(1))})`
  const parts = [`${a}(?:${sameLength(lo.slice(1), '9'.repeat(rest))})`]
  if (b - a > 1) parts.push(`${digits(a + 1, b - 1)}\\d{${rest}}`)
  parts.push(`${b}(?:${sameLength('0'.repeat(rest), hi.slice(1))})`)
  return parts.join('|')
}
