/**
 * Which fields must be present or absent, decided by other fields (order type, time in force,
 * symbol). These checks run inside the schema, after the object's fields, because only there
 * is it known whether a field is absent or was sent with a wrong value: an `Endpoint` rule sees
 * both as absent and would report "missing" for a field that was sent.
 */
import type * as v from 'valibot'
import type { IssueType } from '../Issue.js'
import { describe } from '../Issue.js'

/** What a presence rule sees of the request object. */
export type View = {
  /** The fields that passed their own schema, normalised. */
  readonly valid: Readonly<Record<string, unknown>>
  /** Whether the caller sent the field (not `undefined`), also when its value failed. */
  readonly given: (key: string) => boolean
  /** Whether the field was sent with a value that failed its own schema. */
  readonly failed: (key: string) => boolean
}

/** A finding of a presence rule: the field and what is wrong with its presence. */
export type Finding = {
  readonly key: string
  readonly type: Extract<IssueType, 'missing' | 'forbidden'>
  /** Why, e.g. `when orderType is LO`. */
  readonly when: string
}

/** A presence rule: returns the fields that must be sent or must not be sent. */
export type PresenceRule = (view: View) => readonly Finding[]

/**
 * A valibot validation action for the end of an object's pipe that runs presence rules and
 * adds `missing` and `forbidden` issues at the field's path.
 */
export function presence<shape>(
  ...rules: readonly PresenceRule[]
): v.BaseValidation<shape, shape, v.BaseIssue<unknown>> {
  const action: v.BaseValidation<shape, shape, v.BaseIssue<unknown>> = {
    kind: 'validation',
    type: 'tradeline:presence',
    reference: presence as never,
    expects: null,
    async: false,
    '~run'(dataset, config) {
      const input: unknown = dataset.value
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return dataset
      const value = input as Record<string, unknown>
      const failedKeys = new Set<string>()
      for (const issue of dataset.issues ?? []) {
        const key = issue.path?.[0]?.key
        if (typeof key === 'string') failedKeys.add(key)
      }
      const valid: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined && !failedKeys.has(key)) valid[key] = item
      }
      const view: View = {
        valid,
        given: (key) => value[key] !== undefined || failedKeys.has(key),
        failed: (key) => failedKeys.has(key),
      }
      for (const rule of rules) {
        for (const finding of rule(view)) {
          const field = value[finding.key]
          const expected =
            finding.type === 'missing' ? `a value ${finding.when}` : `no value ${finding.when}`
          const received = describe(field)
          const issue: v.BaseIssue<unknown> = {
            kind: 'validation',
            type: `tradeline:${finding.type}`,
            input: field,
            expected,
            received,
            message: `${finding.key}: expected ${expected}, received ${received}`,
            path: [
              { type: 'object', origin: 'value', input: value, key: finding.key, value: field },
            ],
            lang: config.lang,
            abortEarly: config.abortEarly,
            abortPipeEarly: config.abortPipeEarly,
          }
          const target = dataset as { issues?: v.BaseIssue<unknown>[] | undefined }
          if (target.issues) target.issues.push(issue)
          else target.issues = [issue]
        }
      }
      return dataset
    },
  }
  return action
}

/** The field must be sent. */
export function missing(key: string, when: string): Finding {
  return { key, type: 'missing', when }
}

/** The field must not be sent. */
export function forbidden(key: string, when: string): Finding {
  return { key, type: 'forbidden', when }
}
