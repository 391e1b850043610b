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
   * known), the passphrase and that attempt's signature with {@link redacted}, and the API key
   * with its {@link mask}, also where an upstream wrote them percent-encoded, JSON-escaped,
   * HTML-escaped or base64-encoded. A PEM is also redacted by its base64 body and each line of it, so an echo that
   * re-wrapped or dropped its line breaks leaks no part of the key.
   */
  redactor(signature: string | undefined): Redact {
    this.#pairs ??= [
      ...spellings(this.#apiKey, mask(this.#apiKey)),
      ...spellings(this.#passphrase, redacted),
      ...(this.#secret ? spellings(this.#secret, redacted) : []),
      ...(this.#privateKey
        ? pemParts(this.#privateKey).flatMap((part) => spellings(part, redacted))
        : []),
    ]
    const pairs = signature ? [...this.#pairs, ...spellings(signature, redacted)] : this.#pairs
    // Longest first, so a value that contains another is replaced whole.
    const ordered = [...pairs].sort(([a], [b]) => b.length - a.length)
    return (text) => {
      let out = text
      for (const [value, replacement] of ordered)
        if (out.includes(value)) out = out.replaceAll(value, replacement)
      return out
    }
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

/** The ways a page or a JSON body may write `value`, each paired with `replacement`. */
function spellings(value: string, replacement: string): [string, string][] {
  if (value === '') return []
  const json = JSON.stringify(value).slice(1, -1)
  const html = value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const named = value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
  const forms = new Set([
    value,
    json,
    json.replaceAll('/', '\\/'),
    encodeURIComponent(value),
    html,
    named,
    // An upstream may log a value base64-encoded (as HTTP Basic credentials are).
    ...base64Forms(value),
  ])
  return [...forms].map((form) => [form, replacement])
}

/**
 * The base64 of a value's UTF-8 bytes without padding, in both alphabets: replacing it also
 * replaces the padded form (a `=` or two stay, which tell nothing).
 */
function base64Forms(value: string): string[] {
  const bare = toBase64(new TextEncoder().encode(value)).replace(/=+$/, '')
  return [bare, bare.replaceAll('+', '-').replaceAll('/', '_')]
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
