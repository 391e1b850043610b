/**
 * Reads the fields of a ticket from an endpoint's request schema (valibot), so the form shows
 * exactly the fields of the exchange documentation, in its order, with the allowed values of each enum field.
 */
import type { Path } from '@tradeline/rules'

/** One input of a ticket. */
export type Field = {
  /** The field's path joined by dots, e.g. `ocoParams.0.ocoLimitPrice`. */
  readonly key: string
  /** Where the field sits in the request body. */
  readonly path: Path
  /** The allowed values of an enum field; `undefined` for a text field. */
  readonly options: readonly string[] | undefined
  /** Whether the field and every list or object above it are required. */
  readonly required: boolean
  /**
   * Whether the field is required in the object that holds it: a strategy parameter can be
   * required inside its list while the list itself is optional.
   */
  readonly own: boolean
}

type Node = {
  readonly type?: string
  readonly wrapped?: Node
  readonly entries?: Record<string, Node>
  readonly item?: Node
  readonly options?: readonly unknown[]
  readonly pipe?: readonly Node[]
}

/**
 * The fields of a request schema, depth first: object entries become fields, a list becomes
 * its first element's fields (strategy parameter lists hold exactly one element).
 *
 * @example
 * import { Unified } from '@tradeline/rules'
 * import { fieldsOf } from './schema.js'
 * fieldsOf(Unified.placeOrder.schema).find((field) => field.key === 'side')?.options // ['buy', 'sell']
 */
export function fieldsOf(schema: unknown, path: Path = [], required = true, own = true): Field[] {
  let node = schema as Node
  while (node.type === 'optional' && node.wrapped) {
    node = node.wrapped
    required = own = false
  }
  if (node.entries)
    return Object.entries(node.entries).flatMap(([key, entry]) =>
      fieldsOf(entry, [...path, key], required),
    )
  if (node.item) return fieldsOf(node.item, [...path, 0], required, own)
  return [{ key: path.join('.'), path, options: optionsOf(node), required, own }]
}

/** The string options of a picklist, itself or inside its pipe (a union's options are schemas). */
function optionsOf(node: Node): readonly string[] | undefined {
  for (const part of [node, ...(node.pipe ?? [])])
    if (typeof part.options?.[0] === 'string') return part.options as readonly string[]
  return undefined
}
