/**
 * Batch bodies of the unified account: a top-level JSON array of items (docs/architecture.md). The
 * schema only requires an array and normalises the items that pass; the batch size, each
 * item's fields and the rules across items are checked by one rule, so that a bad item never
 * hides the issues of the others and every issue comes back at once.
 */
import * as v from 'valibot'
import type { Draft, Rule } from '../Endpoint.js'
import { create, describe, type Issue, type Path, prefix } from '../Issue.js'
import { fromValibot } from '../internal/valibot.js'
import * as Limits from '../Limits.js'

/** Any schema of one batch item. */
type ItemSchema = v.GenericSchema<unknown, unknown>

/** A schema whose input and output are lists of the item's input and output. */
export type BatchSchema<item extends ItemSchema> = v.GenericSchema<
  readonly v.InferInput<item>[],
  v.InferOutput<item>[]
>

/**
 * The schema of a batch body: any array passes, and every item that passes the item schema is
 * replaced by its normalised output (item transformations are idempotent, so the rule can
 * check the normalised item again).
 */
export function batchSchema<item extends ItemSchema>(item: item): BatchSchema<item> {
  const schema = v.pipe(
    v.array(v.unknown()),
    v.transform((items) =>
      items.map((entry) => {
        const result = v.safeParse(item, entry)
        return result.success ? result.output : entry
      }),
    ),
  )
  // The item schema rides along (`batchItem`) so tools that describe the body (the JSON Schema
  // generator) can say what one item is; parsing never reads it.
  return Object.assign(schema, { batchItem: item }) as unknown as BatchSchema<item>
}

/** The options of {@link batchRule}. */
export type BatchRuleOptions<item extends ItemSchema, context> = {
  /** The schema of one item, or a function that returns it (read when the rule runs). */
  readonly item: item | (() => item)
  /** Fields the item schema does not know that get an `unsupported` issue with this reason. */
  readonly unsupported?: Readonly<Record<string, string>> | undefined
  /** Cross-field rules of one item; issues are relative to the item. */
  readonly each?:
    | ((order: Draft<v.InferOutput<item>>, context: context) => readonly Issue[])
    | undefined
  /** Rules across items; `undefined` stands for an item that is not an object. */
  readonly across?:
    | ((
        orders: readonly (Draft<v.InferOutput<item>> | undefined)[],
        context: context,
      ) => readonly Issue[])
    | undefined
}

/**
 * The rule of a batch endpoint: 1 to 20 items, each item's schema (fields it does not know
 * but the exchange documentation names get `unsupported`), each item's cross-field rules under its index, then
 * the rules across items.
 */
export function batchRule<item extends ItemSchema, context>(
  options: BatchRuleOptions<item, context>,
): Rule<v.InferOutput<item>[], context> {
  return (draft, context) => {
    if (!Array.isArray(draft)) return []
    const item = typeof options.item === 'function' ? options.item() : options.item
    const items: readonly unknown[] = draft
    const issues: Issue[] = [...sizeIssues(items.length)]
    const orders = items.map((entry, index) => {
      const result = v.safeParse(item, entry)
      const found = result.issues ? fromValibot(result.issues) : []
      // valibot names only the first unknown field of an object; every one is named here.
      const own = [
        ...found.filter((issue) => !(issue.type === 'unknown' && issue.path.length === 1)),
        ...unknownFieldIssues(entry, item, options.unsupported),
      ]
      issues.push(...prefix([index], own))
      const order = itemDraft(result.output, own) as Draft<v.InferOutput<item>> | undefined
      // As for a whole request: a field that failed its own schema is absent from the draft, so
      // a rule's issue about it ("missing", "one of") would only contradict the schema's.
      const failed = new Set(own.map((issue) => issue.path[0]))
      if (order !== undefined && options.each)
        issues.push(
          ...prefix(
            [index],
            options.each(order, context).filter((issue) => !failed.has(issue.path[0])),
          ),
        )
      return order
    })
    if (options.across) issues.push(...options.across(orders, context))
    return issues
  }
}

/** `length` issues of a batch of `count` items: 1 to 20 (docs/exchange-conventions.md, "Rate limits"). */
export function sizeIssues(count: number, path: Path = []): Issue[] {
  const max = Limits.unifiedBatchSize
  if (count >= 1 && count <= max) return []
  return [
    create({
      type: 'length',
      path,
      expected: `from 1 to ${max} orders per batch`,
      received: `${count} orders`,
    }),
  ]
}

/** Issues on every item after the first whose `key` differs from the first item's value. */
export function sameValueIssues<order extends { readonly [key: string]: unknown }>(
  orders: readonly (order | undefined)[],
  key: keyof order & string,
  reason: string,
): Issue[] {
  const first = orders.find((order) => order?.[key] !== undefined)?.[key]
  if (first === undefined) return []
  const issues: Issue[] = []
  for (const [index, order] of orders.entries()) {
    const value = order?.[key]
    if (value === undefined || value === first) continue
    issues.push(
      create({
        type: 'mismatch',
        path: [index, key],
        expected: `${describe(first)} (${reason})`,
        received: describe(value),
      }),
    )
  }
  return issues
}

/**
 * An issue for every field of an item that its object schema does not know: `unsupported`
 * with the reason when the exchange documentation names the field as unsupported, else `unknown`.
 */
function unknownFieldIssues(
  entry: unknown,
  item: ItemSchema,
  unsupported: Readonly<Record<string, string>> | undefined,
): Issue[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return []
  const entries = (item as { entries?: Readonly<Record<string, unknown>> }).entries
  if (entries === undefined) return []
  const issues: Issue[] = []
  for (const [key, value] of Object.entries(entry)) {
    if (Object.hasOwn(entries, key)) continue
    const reason =
      unsupported !== undefined && Object.hasOwn(unsupported, key) ? unsupported[key] : undefined
    issues.push(
      reason === undefined
        ? create({
            type: 'unknown',
            path: [key],
            expected: 'a field of a batch item',
            received: 'an unknown field',
          })
        : create({
            type: 'unsupported',
            path: [key],
            expected: `no ${key} (${reason})`,
            received: describe(value),
          }),
    )
  }
  return issues
}

/** The fields of an item without issues, like the draft of a whole request. */
function itemDraft(output: unknown, issues: readonly Issue[]): object | undefined {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return undefined
  const order: Record<string, unknown> = { ...(output as Record<string, unknown>) }
  for (const issue of issues) {
    const key = issue.path[0]
    if (typeof key === 'string') delete order[key]
  }
  return order
}
