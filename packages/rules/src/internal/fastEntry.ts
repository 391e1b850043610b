/**
 * One entry of a request schema as a plain function of its value, for the fast pass of
 * ./fastParse.ts: the value valibot outputs, or {@link fail} when valibot would report any issue.
 * valibot runs a pipe item by item, each on a dataset object of its own; the fields of the
 * requests are pipes of a few kinds (a string, a picklist, length checks, `check` requirements,
 * `transform`s), which are read here once and run directly. Any other kind of item
 * runs through valibot's own `~run`, so the pass never guesses: the fuzz test of ./fastParse.ts
 * holds it to valibot's output over every request schema.
 */
import * as v from 'valibot'

/** What an entry gives when valibot would report an issue. */
export const fail: unique symbol = Symbol('fail')

/** An entry's check: its output, or {@link fail}. */
export type Run = (value: unknown) => unknown

/** The parts of a valibot schema or action read here. */
type Item = {
  readonly kind: 'schema' | 'validation' | 'transformation' | string
  readonly type: string
  readonly reference?: unknown
  readonly async?: boolean
  readonly pipe?: readonly Item[]
  readonly options?: readonly unknown[]
  readonly requirement?: unknown
  readonly operation?: (value: unknown) => unknown
  readonly wrapped?: Item
  readonly default?: unknown
  '~run'(
    dataset: { value: unknown; typed?: boolean },
    config: v.Config<any>,
  ): {
    value: unknown
    typed?: boolean
    issues?: unknown
  }
}

/** valibot's own run of a schema: its output, or {@link fail} on any issue. */
function viaValibot(schema: Item): Run {
  return (value) => {
    const dataset = schema['~run']({ value }, v.getGlobalConfig())
    return dataset.issues !== undefined || !dataset.typed ? fail : dataset.value
  }
}

/** Whether `reference` is valibot's `check`, of this copy or of another. */
const isCheck = (reference: unknown): boolean =>
  reference === v.check || (typeof reference === 'function' && reference.name === 'check')

/** The step of one pipe item (the items after the first run only on a typed value). */
function step(item: Item): Run | undefined {
  if (item.async) return undefined
  if (item.pipe !== undefined) return pipeOf(item.pipe)
  const { requirement } = item
  // valibot's type names (each made by one function of valibot), as the request schemas use them.
  switch (item.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : fail)
    case 'picklist': {
      const options = item.options as readonly unknown[]
      return (value) => (options.includes(value) ? value : fail)
    }
    case 'optional':
      if (item.default !== undefined || !item.wrapped) return undefined
      return optionalOf(item.wrapped)
    case 'min_length':
      return (value) => ((value as string).length < (requirement as number) ? fail : value)
    case 'max_length':
      return (value) => ((value as string).length > (requirement as number) ? fail : value)
    case 'transform':
      return item.operation as Run
  }
  // valibot's `check` and the rules' own field checks (a `check` under another type name).
  // Told by the function that made it: this copy's `check`, or another copy's (a user's schema
  // when the Node build bundles valibot), whose function keeps its name.
  if (item.kind === 'validation' && isCheck(item.reference) && typeof requirement === 'function')
    return (value) => ((requirement as (value: unknown) => boolean)(value) ? value : fail)
  return undefined
}

function optionalOf(wrapped: Item): Run | undefined {
  const inner = compile(wrapped)
  return (value) => (value === undefined ? value : inner(value))
}

/** A pipe: its first item (the schema) and then each action, in order, all on success only. */
function pipeOf(items: readonly Item[]): Run | undefined {
  const steps: Run[] = []
  for (const item of items) {
    const run = step(item)
    if (run === undefined) return undefined
    steps.push(run)
  }
  return (value) => {
    let current = value
    for (const run of steps) {
      current = run(current)
      if (current === fail) return fail
    }
    return current
  }
}

/** The check of one entry schema: direct where every item is of a known kind, else valibot's. */
export function compile(schema: unknown): Run {
  return step(schema as Item) ?? viaValibot(schema as Item)
}
