/**
 * Reads the fields of a ticket from an endpoint's request JSON Schema (the `schemas/requests`
 * files of @tradeline/rules, generated from the same valibot schemas the rules check with), so
 * the form shows exactly the fields of the exchange documentation, in its order, with the
 * allowed values of each enum field.
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

/** The parts of a JSON Schema the ticket reads. */
export type JsonSchema = {
  readonly type?: string | undefined
  readonly properties?: Readonly<Record<string, JsonSchema>> | undefined
  readonly required?: readonly string[] | undefined
  readonly items?: JsonSchema | undefined
  readonly enum?: readonly unknown[] | undefined
  /** The values as sent of an enum that takes any letter case (its `pattern` says the rule). */
  readonly 'x-tradeline-enum'?: readonly string[] | undefined
  /** Every other keyword (pattern, maxLength, anyOf, ...): the rules check those. */
  readonly [keyword: string]: unknown
}

/**
 * The fields of a request JSON Schema, depth first: object properties become fields, a list
 * becomes its element's fields (strategy parameter lists hold exactly one element).
 *
 * @example
 * import placeOrder from '@tradeline/rules/schemas/requests/unified.placeOrder.json' with { type: 'json' }
 * import { fieldsOf } from './schema.js'
 * fieldsOf(placeOrder).find((field) => field.key === 'side')?.options // ['buy', 'sell']
 */
export function fieldsOf(
  schema: JsonSchema,
  path: Path = [],
  required = true,
  own = true,
): Field[] {
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, entry]) => {
      const mine = schema.required?.includes(key) ?? false
      return fieldsOf(entry, [...path, key], required && mine, mine)
    })
  if (schema.type === 'array' && schema.items)
    return fieldsOf(schema.items, [...path, 0], required, own)
  return [{ key: path.join('.'), path, options: optionsOf(schema), required, own }]
}

/** The string values of an enum field. */
function optionsOf(schema: JsonSchema): readonly string[] | undefined {
  const values = schema['x-tradeline-enum'] ?? schema.enum
  if (values?.every((value) => typeof value === 'string')) return values as readonly string[]
  return undefined
}
