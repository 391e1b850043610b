/**
 * The fields a third-party SDK declares for a response, read from its published `.d.ts` text,
 * so the list a test checks against is the SDK's own and cannot drift from it.
 */
import { readFileSync } from 'node:fs'

/** One property of a declared interface. */
export type Field = { readonly name: string; readonly optional: boolean; readonly type: string }

/** Blanks out comments, keeping line breaks. */
const uncommented = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/\/\/.*$/gm, '')

/**
 * The properties of `export interface <name> { ... }` in `source`, in declaration order. A
 * nested object type (`list: { ... }[]`) is one property whose type is the nested text. Throws
 * when the interface is absent or extends another (its inherited fields would be missed).
 *
 * @example
 * import { interfaceFields } from './test/declared.js'
 * interfaceFields('export interface A { id: string; note?: string; }', 'A')
 * // [{ name: 'id', optional: false, type: 'string' }, { name: 'note', optional: true, type: 'string' }]
 */
export function interfaceFields(source: string, name: string): Field[] {
  const text = uncommented(source)
  const head = new RegExp(`export interface ${name}\\b([^{]*)\\{`).exec(text)
  if (!head) throw new Error(`interface ${name} not found`)
  if (/\bextends\b/.test(head[1] ?? '')) throw new Error(`interface ${name} extends another`)
  const fields: Field[] = []
  let depth = 1
  let member = ''
  const flush = () => {
    const match =
      /^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*|'[^']*'|"[^"]*")(\??)\s*:\s*([\s\S]*)$/.exec(member)
    if (match)
      fields.push({
        name: match[1]!.replace(/^['"]|['"]$/g, ''),
        optional: match[2] === '?',
        type: match[3]!.trim(),
      })
    member = ''
  }
  for (let index = head.index + head[0].length; index < text.length; index++) {
    const char = text[index]!
    if (char === '{') depth++
    if (char === '}') depth--
    if (depth === 0) break
    // tsc ends every member of an emitted declaration with `;`
    if (depth === 1 && char === ';') {
      flush()
      continue
    }
    member += char
  }
  flush()
  return fields
}

/** A `.d.ts` file's text and the interfaces declared in it. */
export function declarations(path: string) {
  const source = readFileSync(path, 'utf8')
  return {
    source,
    /** The declared fields of an interface of this file. */
    fields: (name: string) => interfaceFields(source, name),
    /**
     * What `value` lacks of the interface `name`: each non-optional declared field that is absent
     * (or `undefined`), and each field declared `string` that holds another JSON type (a number,
     * a boolean, an object; `null` is let through, as the exchange sends `null` for some fields
     * declared `string`). Fields typed with another interface of the same file (`T` or `T[]`) are
     * checked in depth. `[]` when nothing is missing.
     */
    missing(value: unknown, name: string, at = name): string[] {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return [`${at}: an object expected, got ${JSON.stringify(value)}`]
      const record = value as Record<string, unknown>
      const issues: string[] = []
      for (const field of interfaceFields(source, name)) {
        const path = `${at}.${field.name}`
        const held = record[field.name]
        if (held === undefined) {
          if (!field.optional) issues.push(`${path}: missing`)
          continue
        }
        if (field.type === 'string' && held !== null && typeof held !== 'string')
          issues.push(`${path}: string expected, got ${JSON.stringify(held)}`)
        const nested = /^([A-Z][\w$]*)(\[\])?$/.exec(field.type)
        if (nested && new RegExp(`export interface ${nested[1]}\\b`).test(source)) {
          const items = nested[2] ? held : [held]
          if (!Array.isArray(items)) issues.push(`${path}: an array expected`)
          else
            items.forEach((item, index) => {
              issues.push(...this.missing(item, nested[1]!, nested[2] ? `${path}[${index}]` : path))
            })
        }
      }
      return issues
    },
  }
}
