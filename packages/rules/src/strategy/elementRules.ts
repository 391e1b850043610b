/**
 * Cross-field rules inside one element of a strategy parameter list (`ocoParams`,
 * `trailingStopParams`, ...), run by the element's schema. An endpoint rule only sees a list
 * whose every field passed, so rules inside an element live here: they report alongside the
 * element's field issues, and every issue still comes at once. A field that failed its own
 * schema gets no second issue from a rule.
 */
import type * as v from 'valibot'
import type { Draft } from '../Endpoint.js'
import type { Issue } from '../Issue.js'

/**
 * A rule of one element: reads the fields that passed (`failed` names those that did not),
 * returns issues with paths inside the element.
 */
export type ElementRule<element> = (
  draft: Draft<element>,
  failed: ReadonlySet<string>,
) => readonly Issue[] | undefined

/**
 * A valibot validation action for the end of an element's `v.pipe`: runs the rules on the
 * element's fields that have no issue yet, also when other fields failed, and turns what they
 * find into valibot issues that keep our issue type (see `internal/valibot.ts`).
 */
export function elementRules<element extends Record<string, unknown>>(
  ...rules: readonly ElementRule<element>[]
): v.BaseValidation<element, element, v.BaseIssue<unknown>> {
  return {
    kind: 'validation',
    type: 'tradeline:element_rules',
    reference: elementRules,
    async: false,
    expects: null,
    '~run'(dataset, config) {
      const value: unknown = dataset.value
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return dataset
      const draft: Record<string, unknown> = { ...value }
      const failed = new Set<string>()
      for (const issue of dataset.issues ?? []) {
        const key = issue.path?.[0]?.key
        if (typeof key !== 'string') continue
        failed.add(key)
        delete draft[key]
      }
      const found = rules
        .flatMap((rule) => rule(draft as Draft<element>, failed) ?? [])
        .filter((issue) => !failed.has(String(issue.path[0])))
      if (found.length === 0) return dataset
      const issues: v.BaseIssue<unknown>[] = found.map((issue) => ({
        kind: 'validation',
        // `fromValibot` maps a type with this prefix back to our issue type.
        type: `tradeline:${issue.type}`,
        input: value,
        expected: issue.expected,
        received: issue.received,
        message: issue.message,
        path: issue.path.map((key) => ({
          type: 'object',
          origin: 'value',
          input: value as Record<string, unknown>,
          key: String(key),
          value: (value as Record<string, unknown>)[String(key)],
        })) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
        lang: config.lang,
        abortEarly: config.abortEarly,
        abortPipeEarly: config.abortPipeEarly,
      }))
      const out = dataset as { issues?: v.BaseIssue<unknown>[] | undefined }
      out.issues = [...(out.issues ?? []), ...issues]
      return dataset as v.OutputDataset<element, v.BaseIssue<unknown>>
    },
  }
}
