/**
 * The Ajv validator (JSON Schema draft 2020-12) of the schema tests: the rules' agreement test
 * (`packages/rules/src/test/agreement.ts`) and the generator's tests (`tooling/schemas`) read the
 * generated schemas with the same settings and the same `x-tradeline-*` keywords.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

export type { ValidateFunction }

/** The annotation keywords of the generated schemas (Ajv's strict mode refuses unknown ones). */
export const tradelineKeywords = [
  'x-tradeline-endpoint',
  'x-tradeline-rules',
  'x-tradeline-checks',
  'x-tradeline-enum',
] as const

/** What a validator may loosen beyond the shared settings. */
export type ValidatorOptions = {
  /** Report every error, not only the first (default `true`). */
  readonly allErrors?: boolean
  /**
   * Let a tuple leave its length open (default `false`): loose records read extra items, so the
   * record schemas give `prefixItems` without `items: false`.
   */
  readonly openTuples?: boolean
}

/**
 * A new Ajv 2020 validator, strict about keywords. `required` inside a cross-field clause names
 * a property defined beside the clause, and a pattern may sit beside `anyOf` (text or number),
 * which `strictRequired` and `strictTypes` would flag.
 */
export function createValidator(options: ValidatorOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: options.allErrors ?? true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    strictTuples: !(options.openTuples ?? false),
  })
  ajv.addVocabulary([...tradelineKeywords])
  return ajv
}

/** The validator of a schema, compiled once per validator (by its `$id` when it has one). */
export function validatorOf(ajv: Ajv2020, schema: { readonly $id?: string }): ValidateFunction {
  return (schema.$id === undefined ? undefined : ajv.getSchema(schema.$id)) ?? ajv.compile(schema)
}
