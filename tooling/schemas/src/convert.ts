/**
 * valibot schema to JSON Schema (draft 2020-12) with valibot's own converter
 * (`@valibot/to-json-schema`). The rules' pipes hold what the converter cannot read (field
 * checks with a requirement function, transforms that normalise a value, a picklist after an
 * upper-casing transform), so each pipe is first rewritten into one the converter reads: a
 * proven field check becomes its keywords, an unproven one a described check, a transform is
 * dropped (it never changes whether a value passes), a case-insensitive enum a pattern.
 */
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { expressCheck } from './checks.js'

type Node = {
  readonly kind: string
  readonly type: string
  readonly expects?: string | null
  readonly pipe?: readonly Node[]
  readonly entries?: Record<string, Node>
  readonly wrapped?: Node
  readonly item?: Node
  readonly options?: readonly unknown[]
  /** The item schema of a batch body (the rules' `batchSchema`): its array accepts any item. */
  readonly batchItem?: Node
  readonly '~run': (dataset: unknown, config: unknown) => { value: unknown; issues?: unknown }
}

const own = 'tradeline:'
/** The synthetic action type that carries ready JSON Schema keywords. */
const keywordsType = 'tradeline_keywords'
/** The synthetic action type that carries a described check. */
const describedType = 'tradeline_described'

/** Converts a valibot schema as a caller writes the input (optional fields, either spelling). */
export function convert(schema: unknown): JsonSchema {
  return toJsonSchema(prepare(schema as Node) as never, {
    target: 'draft-2020-12',
    typeMode: 'ignore',
    errorMode: 'throw',
    ignoreActions: ['transform', 'finite', 'check'],
    overrideAction: ({ valibotAction, jsonSchema, errors }) => {
      const action = valibotAction as unknown as {
        type: string
        expects?: string | null
        keywords?: Record<string, unknown>
        text?: string
      }
      if (action.type === keywordsType) return mergeKeywords(jsonSchema, action.keywords ?? {})
      if (action.type === describedType) return describe(jsonSchema, action.text ?? '')
      if (action.type.startsWith(own)) return describe(jsonSchema, action.type.slice(own.length))
      // A native action the converter cannot place (a length on a union of text and list).
      if (errors) return describe(jsonSchema, `${action.type}: ${action.expects ?? ''}`)
      return undefined
    },
    overrideSchema: ({ valibotSchema, jsonSchema }) => {
      // A schema the rules define by a function (`v.custom`): what it checks is in prose only.
      if (valibotSchema.type === 'custom')
        return describe(jsonSchema, `custom: ${valibotSchema.expects ?? 'a valid value'}`)
      return undefined
    },
  })
}

/** Adds keywords; a second `pattern` joins through `allOf` so both must match. */
function mergeKeywords(json: JsonSchema, keywords: Record<string, unknown>): JsonSchema {
  const out: Record<string, unknown> = { ...json }
  for (const [key, value] of Object.entries(keywords)) {
    if (key === 'pattern' && out.pattern !== undefined && out.pattern !== value)
      out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern: value }]
    else if (key === 'maxLength' && typeof out.maxLength === 'number')
      out.maxLength = Math.min(out.maxLength, value as number)
    else out[key] = value
  }
  return out as JsonSchema
}

/** Adds a check that the schema cannot express to the field's `x-tradeline-checks`. */
function describe(json: JsonSchema, text: string): JsonSchema {
  const record = json as Record<string, unknown>
  const checks = (record['x-tradeline-checks'] as string[] | undefined) ?? []
  return { ...json, 'x-tradeline-checks': [...checks, text] } as JsonSchema
}

/** Rewrites every pipe of a schema tree into one the converter reads. */
export function prepare(node: Node): Node {
  let out: Node = node
  // A batch body checks its items in a rule; the item schema describes the array's items.
  if (node.batchItem && node.pipe?.[0]?.type === 'array') {
    const [array, ...rest] = node.pipe
    const { batchItem: _, ...plain } = node
    out = { ...plain, pipe: [{ ...(array as Node), item: node.batchItem }, ...rest] }
  }
  if (node.entries)
    out = {
      ...out,
      entries: Object.fromEntries(Object.entries(node.entries).map(([k, e]) => [k, prepare(e)])),
    }
  if (node.wrapped) out = { ...out, wrapped: prepare(node.wrapped) }
  if (node.item) out = { ...out, item: prepare(node.item) }
  if (node.options && typeof node.options[0] === 'object')
    out = { ...out, options: (node.options as Node[]).map(prepare) }
  if (node.pipe) out = preparePipe(out)
  return out
}

/** One pipe: its first schema, then only actions the converter reads. */
function preparePipe(node: Node): Node {
  const flat = flatten(node.pipe ?? [])
  const [first, ...rest] = flat
  if (first === undefined) return node
  const base = prepare(first)
  const actions: object[] = [base]
  const steps: Node[] = []
  // Text-only checks run on strings; a value that may be a number is checked as its text.
  const maybeNumber = base.type !== 'string' && base.type !== 'picklist'
  for (const item of rest) {
    if (item.kind === 'schema') {
      actions.push(schemaAfterTransform(item, steps))
      continue
    }
    if (item.kind === 'transformation') {
      steps.push(item)
      continue
    }
    if (item.type === 'finite' || !item.type.startsWith(own)) {
      // A native check after a transform reads the transformed value (a list split from
      // text): its keyword would read the input, so it is described instead.
      const transformed = steps.some((step) => step.kind === 'transformation')
      actions.push(
        transformed && item.type !== 'finite'
          ? { kind: 'validation', type: describedType, text: `${item.type}: ${item.expects ?? ''}` }
          : item,
      )
      steps.push(item)
      continue
    }
    const run = (probe: string) => passes([...steps, item], probe)
    const earlier = (probe: string) => passes(steps, probe)
    const expressed = expressCheck(item.type.slice(own.length), item.expects ?? '', run, earlier)
    if (expressed.kind === 'keywords') {
      actions.push({ kind: 'validation', type: keywordsType, keywords: expressed.keywords })
      if (maybeNumber)
        actions.push({
          kind: 'validation',
          type: describedType,
          text: `a value that is not text is checked as its text: ${item.expects}`,
        })
    } else actions.push({ kind: 'validation', type: describedType, text: expressed.text })
    steps.push(item)
  }
  return { ...base, pipe: actions as Node[] }
}

/**
 * A schema after a transform: the rules' case-insensitive enums upper-case the text and then
 * pick from the list, so the input is any spelling of a listed value: a pattern that ignores
 * letter case. Any other schema is described.
 */
function schemaAfterTransform(item: Node, steps: readonly Node[]): object {
  const options = item.options
  if (item.type === 'picklist' && options?.every((o) => typeof o === 'string')) {
    const upper = passes(steps, 'a') && run(steps, 'a') === 'A'
    if (upper)
      return {
        kind: 'validation',
        type: keywordsType,
        keywords: {
          pattern: `^(?:${(options as string[]).map(anyCase).join('|')})$`,
          // The values as sent, for forms that offer them (the pattern takes any letter case).
          'x-tradeline-enum': options,
        },
      }
  }
  // A picklist of texts after a transform to text (`String(value)`): the texts, and the numbers
  // and booleans that the transform turns into one of them.
  if (
    item.type === 'picklist' &&
    options?.every((o) => typeof o === 'string' && run(steps, o) === o)
  ) {
    const texts = options as string[]
    const others = texts
      .flatMap((o): unknown[] => [Number(o), true, false])
      .filter((value, index, all) => all.indexOf(value) === index)
      .filter((value) => texts.includes(run(steps, value) as string))
    return { kind: 'validation', type: keywordsType, keywords: { enum: [...texts, ...others] } }
  }
  return { kind: 'validation', type: describedType, text: `value: ${item.expects ?? ''}` }
}

/** A pattern for one text in any letter case. */
export function anyCase(text: string): string {
  return [...text]
    .map((c) => {
      const lower = c.toLowerCase()
      const upper = c.toUpperCase()
      if (lower !== upper) return `[${upper}${lower}]`
      return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    })
    .join('')
}

function flatten(pipe: readonly Node[]): Node[] {
  return pipe.flatMap((item) => (item.pipe ? flatten(item.pipe) : [item]))
}

/** Runs pipe items on a probe value; `undefined` when one of them refuses it. */
function run(items: readonly Node[], probe: unknown): unknown {
  let dataset: { typed: boolean; value: unknown; issues?: unknown } = { typed: true, value: probe }
  for (const item of items) {
    try {
      dataset = item['~run'](dataset, {}) as typeof dataset
    } catch {
      return undefined
    }
    if (dataset.issues) return undefined
  }
  return dataset.value
}

function passes(items: readonly Node[], probe: unknown): boolean {
  return run(items, probe) !== undefined
}

/** Whether a valibot value is an object schema (records are looked up by this). */
export function isObjectSchema(value: unknown): value is v.GenericSchema {
  const type = (value as { type?: unknown; kind?: unknown } | null)?.type
  return (
    (value as { kind?: unknown } | null)?.kind === 'schema' &&
    (type === 'object' || type === 'loose_object' || type === 'strict_object')
  )
}
