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

/**
 * The steps of one item: one step for most, a pipe's own steps in order (flattened, so a pipe of
 * pipes is one chain), `undefined` for an item read through valibot.
 */
function stepsOf(item: Item): Run[] | undefined {
  if (item.async) return undefined
  if (item.pipe !== undefined) return pipeSteps(item.pipe)
  const run = step(item)
  return run === undefined ? undefined : [run]
}

/** The step of one item that is not a pipe. */
function step(item: Item): Run | undefined {
  const { requirement } = item
  // valibot's type names (each made by one function of valibot), as the request schemas use them.
  switch (item.type) {
    case 'string':
      return isString
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

/** valibot's `string()`. */
const isString: Run = (value) => (typeof value === 'string' ? value : fail)

function optionalOf(wrapped: Item): Run | undefined {
  const inner = compile(wrapped)
  return (value) => (value === undefined ? value : inner(value))
}

/**
 * A pipe's steps: its first item (the schema) and then each action, in order, nested pipes
 * flattened. A string check right after another is left out: the same check twice, which a
 * pipe of pipes makes (each nested pipe starts with its own `string()`).
 */
function pipeSteps(items: readonly Item[]): Run[] | undefined {
  const steps: Run[] = []
  for (const item of items) {
    const runs = stepsOf(item)
    if (runs === undefined) return undefined
    for (const run of runs) if (!(run === isString && steps.at(-1) === isString)) steps.push(run)
  }
  return steps
}

/** One function running `steps` in order, on success only (no loop for the usual short chains). */
function chain(steps: readonly Run[]): Run {
  const [a, b, c, d] = steps as [Run, Run, Run, Run]
  switch (steps.length) {
    case 1:
      return a
    case 2:
      return (value) => {
        const x = a(value)
        return x === fail ? fail : b(x)
      }
    case 3:
      return (value) => {
        let x = a(value)
        if (x === fail) return fail
        x = b(x)
        return x === fail ? fail : c(x)
      }
    case 4:
      return (value) => {
        let x = a(value)
        if (x === fail) return fail
        x = b(x)
        if (x === fail) return fail
        x = c(x)
        return x === fail ? fail : d(x)
      }
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
  const steps = stepsOf(schema as Item)
  return steps === undefined || steps.length === 0 ? viaValibot(schema as Item) : chain(steps)
}
