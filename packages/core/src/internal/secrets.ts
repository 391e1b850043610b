/**
 * Holds the API key and passphrase so that nothing prints them: private fields, a `toJSON` and a
 * `util.inspect` hook that redact, and headers redacted before any hook sees them.
 */

/** What replaces a secret in anything this package shows. */
export const redacted = '[redacted]'

/** Headers whose value is a secret or derived from one. */
const secretHeaders = ['access-sign', 'access-passphrase']

const inspect = Symbol.for('nodejs.util.inspect.custom')

/** The API key and passphrase, readable only through methods. */
export class SecretCredentials {
  readonly #apiKey: string
  readonly #passphrase: string

  constructor(apiKey: string, passphrase: string) {
    this.#apiKey = apiKey
    this.#passphrase = passphrase
  }

  apiKey(): string {
    return this.#apiKey
  }

  passphrase(): string {
    return this.#passphrase
  }

  toJSON(): Record<string, string> {
    return { apiKey: mask(this.#apiKey), secret: redacted, passphrase: redacted }
  }

  toString(): string {
    return `Credentials ${JSON.stringify(this.toJSON())}`
  }

  [inspect](): string {
    return this.toString()
  }
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
