/**
 * The JSON Schema words the cross-field descriptions (`crossField.ts`) are written in: each
 * returns a schema of the whole request. Enumerated values are matched in any letter case (a
 * field the rules upper-case reads `usdt-futures` as `USDT-FUTURES`; a field that takes one
 * case only is refused in the other by its own schema already).
 */
import { anyCase } from './convert.js'

export type Clause = object

/** Every field is present. */
export const has = (...fields: string[]): Clause => ({ required: fields })

/** The field is present and not `""` (the rules' `given`). */
export const given = (field: string): Clause => ({
  required: [field],
  properties: { [field]: { minLength: 1 } },
})

/** The field is a decimal with a digit other than 0 (the rules' `isSet`: set and not zero). */
export const nonZero = (field: string): Clause => ({
  required: [field],
  properties: { [field]: { pattern: '[1-9]' } },
})

/** The field is present and one of the values (any letter case). */
export const is = (field: string, ...values: readonly string[]): Clause => ({
  required: [field],
  properties: { [field]: { pattern: oneOfPattern(values) } },
})

/** The field is present and matches the pattern. */
export const matches = (field: string, pattern: RegExp): Clause => ({
  required: [field],
  properties: { [field]: { pattern: pattern.source } },
})

/** The clause does not hold. */
export const not = (clause: Clause): Clause => ({ not: clause })
/** Every clause holds. */
export const allOf = (...clauses: Clause[]): Clause =>
  clauses.length === 1 ? clauses[0]! : { allOf: clauses }
/** At least one clause holds. */
export const anyOf = (...clauses: Clause[]): Clause =>
  clauses.length === 1 ? clauses[0]! : { anyOf: clauses }
/** None of the fields is present. */
export const none = (...fields: string[]): Clause => not(anyOf(...fields.map((f) => has(f))))

/** `if` the condition `then` one clause, `else` another. */
export const when = (condition: Clause, then: Clause, otherwise?: Clause): Clause => ({
  if: condition,
  then,
  ...(otherwise ? { else: otherwise } : {}),
})

/** Each item of the list field follows the clause. */
export const eachItem = (field: string, clause: Clause): Clause => ({
  properties: { [field]: { items: clause } },
})

/** A pattern for one of the texts in any letter case. */
export function oneOfPattern(values: readonly string[]): string {
  return `^(?:${values.map(anyCase).join('|')})$`
}
