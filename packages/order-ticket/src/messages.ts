/**
 * The text of the issues shown at one field. The rules' messages name their field
 * (`price: expected ...`); beside the field the label already does, so the name goes, and one
 * value that breaks several rules reads as one message.
 */
import { Issue } from '@tradeline/rules'
import { humanize } from './labels.js'

/**
 * The messages of the issues shown at one field (the field's key is its path joined by dots).
 * When every issue is about the field itself, `own` is true and the texts drop its name (the
 * summary puts the label in front once); an issue about a parent (`ocoParams`) keeps naming
 * it. Several issues on one value with the rules' plain wording (an off-tick price is both a
 * `precision` and a `tick` issue) merge into "expected A and B, received X"; rules that give
 * one issue per mistake give one message as it is.
 *
 * @example
 * import { messages } from './messages.js'
 * messages([{ type: 'lot', path: ['qty'], expected: 'a multiple of 0.001', received: '"0.0105"', message: 'qty: expected a multiple of 0.001, received "0.0105"' }], 'qty')
 * // { own: true, texts: ['expected a multiple of 0.001, received "0.0105"'] }
 */
export function messages(
  issues: readonly Issue.Issue[],
  key: string | undefined,
): { own: boolean; texts: string[] } {
  const prefix = (issue: Issue.Issue) => `${Issue.formatPath(issue.path)}: `
  const own = issues.every(
    (issue) => issue.path.join('.') === key && issue.message.startsWith(prefix(issue)),
  )
  const [first] = issues
  const merged =
    own &&
    issues.length > 1 &&
    issues.every(
      (issue) =>
        issue.received === first!.received &&
        issue.message === `${prefix(issue)}expected ${issue.expected}, received ${issue.received}`,
    )
  const texts = merged
    ? [
        `expected ${issues.map((issue) => issue.expected).join(' and ')}, received ${first!.received}`,
      ]
    : issues.map((issue) => (own ? issue.message.slice(prefix(issue).length) : issue.message))
  return { own, texts: texts.map(humanize) }
}

/**
 * The text with its first letter in upper case.
 *
 * @example
 * import { capitalise } from './messages.js'
 * capitalise('expected a value') // 'Expected a value'
 */
export function capitalise(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1)
}
