/**
 * The spellings an upstream that logs or quotes a request may write a value in: an `echo` fault
 * answers the key's secret, passphrase and the request's signature in each, so a client's
 * redaction is tested against all of them.
 */

const lowerPercent = (text: string) => text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())

/**
 * `value` as is, base64 and base64url (padded and not), percent-encoded (`encodeURIComponent`,
 * lowercase hex digits, `encodeURI`, a form's `+` for a space, twice), hex of its UTF-8 bytes
 * (either case), JSON-escaped and with every character as `\uXXXX`.
 *
 * @example
 * import { echoSpellings } from './echoSpellings.js'
 * echoSpellings('a b').includes('a+b') // true
 */
export function echoSpellings(value: string): string[] {
  const base64 = Buffer.from(value, 'utf8').toString('base64')
  const url = (text: string) => text.replaceAll('+', '-').replaceAll('/', '_')
  const component = encodeURIComponent(value)
  const hex = Buffer.from(value, 'utf8').toString('hex')
  return [
    ...new Set([
      value,
      base64,
      base64.replace(/=+$/, ''),
      url(base64),
      url(base64).replace(/=+$/, ''),
      component,
      lowerPercent(component),
      encodeURI(value),
      new URLSearchParams({ v: value }).toString().slice(2),
      encodeURIComponent(component),
      lowerPercent(encodeURIComponent(component)),
      hex,
      hex.toUpperCase(),
      JSON.stringify(value).slice(1, -1),
      [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ]),
  ]
}
