/**
 * Holds the API key, passphrase and (when given) secret or RSA private key so that nothing prints
 * them: private fields, a `toJSON` and a `util.inspect` hook that redact, headers redacted before
 * any hook sees them, and a redactor for response text that an upstream may have echoed them into.
 */

import { toBase64 } from '../sign.js'

/** What replaces a secret in anything this package shows. */
export const redacted = '[redacted]'

/** Headers whose value is a secret or derived from one. */
const secretHeaders = ['access-sign', 'access-passphrase']

const inspect = Symbol.for('nodejs.util.inspect.custom')

/** Replaces the secrets a transport holds in a text before it goes into an error or a hook. */
export type Redact = (text: string) => string

/** The API key, passphrase and secret or private key, readable only through methods. */
export class SecretCredentials {
  readonly #apiKey: string
  readonly #passphrase: string
  readonly #secret: string | undefined
  readonly #privateKey: string | undefined
  #pairs: readonly (readonly [value: string, replacement: string])[] | undefined
  /** The last signatures made with these credentials, redacted from texts read after the call. */
  readonly #recent: string[] = []

  constructor(
    apiKey: string,
    passphrase: string,
    signing: { secret?: string | undefined; privateKey?: string | undefined } = {},
  ) {
    this.#apiKey = apiKey
    this.#passphrase = passphrase
    this.#secret = signing.secret
    this.#privateKey = signing.privateKey
  }

  apiKey(): string {
    return this.#apiKey
  }

  passphrase(): string {
    return this.#passphrase
  }

  /**
   * A {@link Redact} for the response of one attempt: it replaces the secret or private key (when
   * known), the passphrase, that attempt's signature and the last 8 made with these credentials
   * with {@link redacted}, and the API key with its {@link mask}, also where an upstream wrote
   * them percent-encoded, JSON-escaped, HTML-escaped or base64-encoded. A PEM is also redacted by
   * its base64 body and each of its 64-character lines, so an echo that dropped its line breaks
   * leaks no part of the key; one re-wrapped at another width is redacted only where its runs
   * match those (the SDK never sends the key: only a server that had it could echo it).
   */
  redactor(signature?: string | undefined): Redact {
    this.#pairs ??= [
      ...spellings(this.#apiKey, mask(this.#apiKey)),
      ...spellings(this.#passphrase, redacted),
      ...(this.#secret ? spellings(this.#secret, redacted) : []),
      ...(this.#privateKey
        ? pemParts(this.#privateKey).flatMap((part) => spellings(part, redacted))
        : []),
    ]
    // A text read later may carry any recent signature; an attempt's answer, its own or one of
    // an earlier attempt (a reply quoting the request before a resync).
    const signatures =
      signature === undefined || this.#recent.includes(signature)
        ? this.#recent
        : [signature, ...this.#recent]
    const pairs = [...this.#pairs, ...signatures.flatMap((sign) => spellings(sign, redacted))]
    return replacing(pairs)
  }

  /**
   * Remembers a signature made with these credentials, so a text read after its call (a
   * response's data checked by a client's schema) still has it redacted. Keeps the last 8.
   */
  noteSignature(signature: string): void {
    this.#recent.unshift(signature)
    if (this.#recent.length > 8) this.#recent.pop()
  }

  toJSON(): Record<string, string> {
    return this.#privateKey === undefined
      ? { apiKey: mask(this.#apiKey), secret: redacted, passphrase: redacted }
      : { apiKey: mask(this.#apiKey), privateKey: redacted, passphrase: redacted }
  }

  toString(): string {
    return `Credentials ${JSON.stringify(this.toJSON())}`
  }

  [inspect](): string {
    return this.toString()
  }
}

/**
 * The ways a page, a log line or a JSON body may write `value`, each paired with `replacement`:
 * as is; JSON-escaped (also with `\/` and with every character or every non-ASCII character as
 * `\uXXXX`, either case); HTML-escaped; percent-encoded as `encodeURIComponent`, `encodeURI`, a
 * form (`+` for a space, as `URLSearchParams` writes it), twice, and with lowercase hex digits;
 * as hex of its UTF-8 bytes (either case); and base64/base64url, padded or not; and a value
 * that is base64 text itself (a signature) rewritten in base64url or without its padding.
 */
export function spellings(value: string, replacement: string): [string, string][] {
  if (value === '') return []
  const json = JSON.stringify(value).slice(1, -1)
  const html = value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const named = value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
  const component = encodeURIComponent(value)
  const form = new URLSearchParams({ v: value }).toString().slice(2)
  // JSON.stringify leaves non-ASCII as is; a serializer that escapes it writes `\u00e9`.
  const unicode = json.replace(/[^\x20-\x7e]/g, escapeUnit)
  const percents = [component, encodeURI(value), form, component.replaceAll('%20', '+')]
  const hex = [...new TextEncoder().encode(value)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
  const forms = new Set([
    value,
    json,
    json.replaceAll('/', '\\/'),
    ...caseForms(unicode),
    ...caseForms(escapeAll(value)),
    html,
    named,
    ...percents.flatMap((text) => [text, lowerPercent(text)]),
    ...percents.flatMap((text) => [
      encodeURIComponent(text),
      lowerPercent(encodeURIComponent(text)),
    ]),
    hex,
    hex.toUpperCase(),
    // An upstream may log a value base64-encoded (as HTTP Basic credentials are).
    ...base64Forms(value),
  ])
  return [...forms].filter(Boolean).map((form) => [form, replacement])
}

/** One UTF-16 unit written `\uXXXX`. */
const escapeUnit = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`

/** Every UTF-16 unit of `value` written `\uXXXX` (the pattern has no `u` flag: it matches units). */
function escapeAll(value: string): string {
  return value.replace(/[\s\S]/g, escapeUnit)
}

/** A `\uXXXX` text with lowercase and with uppercase hex digits. */
function caseForms(text: string): string[] {
  const upper = text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`)
  return [text, upper]
}

/** A percent-encoded text with its hex digits in lowercase. */
function lowerPercent(text: string): string {
  return text.replace(/%[0-9A-F]{2}/g, (hexEscape) => hexEscape.toLowerCase())
}

/**
 * The base64 of a value's UTF-8 bytes in both alphabets, padded and not (the unpadded form also
 * catches the value inside a longer base64 text that starts with it); and a value that is base64
 * text itself (a signature, 16 characters or more) as an upstream may rewrite it: in the URL-safe
 * alphabet, padded or not, or without its padding.
 */
function base64Forms(value: string): string[] {
  return [toBase64(new TextEncoder().encode(value)), ...(value.length > 15 ? [value] : [])].flatMap(
    (text) =>
      [text, text.replace(/=+$/, '')].flatMap((t) => [
        t,
        t.replaceAll('+', '-').replaceAll('/', '_'),
      ]),
  )
}

/**
 * The texts of a PEM to redact: the PEM as given, its base64 body without line breaks, and each
 * body line (64 characters of key material; shorter lines, such as the last, only when at least
 * 16 long, so a short common run such as `AAAA` is not redacted everywhere).
 */
function pemParts(pem: string): string[] {
  const lines = pem
    .replaceAll('\\n', '\n')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('-----') && !line.includes(':'))
  return [pem, lines.join(''), ...lines.filter((line) => line.length >= 16)]
}

/** A {@link Redact} replacing each value of `pairs`; the longest first, so a value containing another is replaced whole. */
function replacing(pairs: readonly (readonly [value: string, replacement: string])[]): Redact {
  const ordered = [...pairs].sort(([a], [b]) => b.length - a.length)
  return (text) => {
    let out = text
    for (const [value, replacement] of ordered)
      if (out.includes(value)) out = out.replaceAll(value, replacement)
    return out
  }
}

/**
 * A {@link Redact} for what a stream login sent (`apiKey`, `passphrase`, `sign`): an exchange's
 * or proxy's answer to the login may quote them in any spelling of {@link spellings}.
 */
export function loginArgRedactor(arg: Readonly<Record<string, string>>): Redact {
  return replacing([
    ...spellings(arg.apiKey ?? '', mask(arg.apiKey ?? '')),
    ...spellings(arg.passphrase ?? '', redacted),
    ...spellings(arg.sign ?? '', redacted),
  ])
}

/**
 * Where a stream `login` function built by `streamLogin` keeps a {@link Redact} of its
 * credentials, the secret included (the login arg does not carry it).
 */
export const loginRedaction: unique symbol = Symbol('tradeline.loginRedaction')

/**
 * What a stream connection redacts from the exchange's messages: the credentials a `login` built
 * by `streamLogin` keeps (its {@link loginRedaction}, the secret included) and, once a login was
 * `sent`, its arg in any spelling ({@link loginArgRedactor}): an upstream may quote either back.
 */
export function messageRedactor(login: unknown) {
  const held = (login as { [loginRedaction]?: Redact } | undefined)?.[loginRedaction]
  let fromArg: Redact | undefined
  return {
    sent(arg: Readonly<Record<string, string>>): void {
      fromArg = loginArgRedactor(arg)
    },
    redact(text: string): string {
      const once = held ? held(text) : text
      return fromArg ? fromArg(once) : once
    },
  }
}

/** A copy of a record with every text in it (keys, values, nested ones) passed through `redact`. */
export function redactValues(
  record: Readonly<Record<string, unknown>>,
  redact: Redact,
): Record<string, unknown> {
  const copy = (value: unknown): unknown =>
    typeof value === 'string'
      ? redact(value)
      : Array.isArray(value)
        ? value.map(copy)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), copy(v)]))
          : value
  return copy(record) as Record<string, unknown>
}

/** Shows the first four characters of an API key. */
export function mask(value: string): string {
  return value.length <= 4 ? redacted : `${value.slice(0, 4)}…`
}

/** A copy of the headers with the signature and passphrase replaced by {@link redacted}. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    copy[name] = secretHeaders.includes(name.toLowerCase()) ? redacted : value
  return Object.freeze(copy) as Record<string, string>
}
