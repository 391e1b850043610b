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
  return bodyFields(text, head.index + head[0].length)
}

/**
 * The object type a method of a client class resolves to when it is written inline, as in
 * `futuresSubmitOrder(params: X): Promise<APIResponse<{ orderId: string; ... }>>`. Throws when the
 * method is absent or resolves to a named type (read that one with {@link interfaceFields}).
 *
 * @example
 * import { returnedFields } from './test/declared.js'
 * returnedFields('m(params: P): Promise<APIResponse<{ orderId: string; }>>;', 'm')
 * // [{ name: 'orderId', optional: false, type: 'string' }]
 */
export function returnedFields(source: string, method: string): Field[] {
  const text = uncommented(source)
  const head = new RegExp(`\\b${method}\\([^)]*\\)\\s*:\\s*Promise<APIResponse<\\s*\\{`).exec(text)
  if (!head) throw new Error(`method ${method} resolving to an inline object type not found`)
  return bodyFields(text, head.index + head[0].length)
}

/** The members of the object type whose body starts at `start` (just after its `{`). */
function bodyFields(text: string, start: number): Field[] {
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
  for (let index = start; index < text.length; index++) {
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
  const text = uncommented(source)
  const check = (value: unknown, fields: readonly Field[], at: string): string[] => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [`${at}: an object expected, got ${JSON.stringify(value)}`]
    const record = value as Record<string, unknown>
    const issues: string[] = []
    const each = (held: unknown, list: boolean, path: string, inner: () => readonly Field[]) => {
      const items = list ? held : [held]
      if (!Array.isArray(items)) issues.push(`${path}: an array expected`)
      else
        items.forEach((item, index) => {
          issues.push(...check(item, inner(), list ? `${path}[${index}]` : path))
        })
    }
    for (const field of fields) {
      const path = `${at}.${field.name}`
      const held = record[field.name]
      if (held === undefined) {
        if (!field.optional) issues.push(`${path}: missing`)
        continue
      }
      if (field.type === 'string' && held !== null && typeof held !== 'string')
        issues.push(`${path}: string expected, got ${JSON.stringify(held)}`)
      const nested = /^([A-Z][\w$]*)(\[\])?$/.exec(field.type)
      if (nested && new RegExp(`export interface ${nested[1]}\\b`).test(source))
        each(held, nested[2] !== undefined, path, () => interfaceFields(source, nested[1]!))
      const inline = /^\{[\s\S]*\}(\[\])?$/.exec(field.type)
      if (inline) each(held, inline[1] !== undefined, path, () => bodyFields(field.type, 1))
    }
    return issues
  }
  return {
    source,
    /** The declared fields of an interface of this file. */
    fields: (name: string) => interfaceFields(source, name),
    /** The declared fields of the inline object type a method of this file resolves to. */
    returned: (method: string) => returnedFields(text, method),
    /**
     * What `value` lacks of the interface `name` (or of a list of declared fields, such as
     * {@link returned}'s): each non-optional declared field that is absent (or `undefined`), and
     * each field declared `string` that holds another JSON type (a number, a boolean, an object;
     * `null` is let through, as the exchange sends `null` for some fields declared `string`).
     * Fields typed with another interface of the same file (`T` or `T[]`) or with an inline
     * object type (`{ ... }` or `{ ... }[]`) are checked in depth. `[]` when nothing is missing.
     */
    missing(
      value: unknown,
      type: string | readonly Field[],
      at = typeof type === 'string' ? type : 'data',
    ): string[] {
      return check(value, typeof type === 'string' ? interfaceFields(source, type) : type, at)
    },
    /** {@link missing} of each record of `list`, all in one list (`[]` when nothing is missing). */
    missingIn(list: readonly unknown[], type: string | readonly Field[]): string[] {
      return list.flatMap((item) => this.missing(item, type))
    },
  }
}
