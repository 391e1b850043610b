/**
 * Reads an RSA private key PEM into PKCS#8 DER bytes, the one form both `node:crypto` and Web
 * Crypto import. A PKCS#1 key ("BEGIN RSA PRIVATE KEY") is wrapped into PKCS#8 here, because Web
 * Crypto imports only PKCS#8. A failure is data (a `problem` sentence), never the key's text, so
 * the caller can throw it without echoing the key.
 */

/** The outcome of {@link readRsaPrivateKey}. */
export type ReadResult =
  | { readonly success: true; readonly pkcs8: Uint8Array<ArrayBuffer> }
  | { readonly success: false; readonly problem: string }

/** `rsaEncryption`, 1.2.840.113549.1.1.1, as DER content bytes. */
const rsaEncryption = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01]

/** Algorithms a PKCS#8 key may hold instead, named so the error says what was given. */
const otherAlgorithms: readonly (readonly [name: string, oid: readonly number[]])[] = [
  [
    'an RSA-PSS key (the exchange verifies PKCS#1 v1.5)',
    [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a],
  ],
  ['an EC key', [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]],
  ['an Ed25519 key', [0x2b, 0x65, 0x70]],
  ['an Ed448 key', [0x2b, 0x65, 0x71]],
  ['an X25519 key', [0x2b, 0x65, 0x6e]],
  ['a DSA key', [0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01]],
]

const expected =
  'expected a "-----BEGIN PRIVATE KEY-----" (PKCS#8) or "-----BEGIN RSA PRIVATE KEY-----" (PKCS#1) block'

/**
 * The PKCS#8 DER of an unencrypted RSA private key PEM, or the problem with it. Line breaks may be
 * `\n`, `\r\n`, or the two characters `\n` (a key pasted into one line of a `.env` file).
 */
export function readRsaPrivateKey(pem: unknown): ReadResult {
  if (typeof pem !== 'string') return failure(`it is a ${typeof pem}, not a PEM string`)
  const text = pem.replaceAll('\\r', '').replaceAll('\\n', '\n')
  if (text.trim() === '') return failure('it is empty')
  const begin = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text)
  if (!begin) return failure(`it is not PEM: ${expected}`)
  const label = begin[1] as string
  if (label.includes('PUBLIC KEY') || label === 'CERTIFICATE')
    return failure(
      `it is a "${label}" block; sign with the private key (the public key is what the exchange is given)`,
    )
  if (label === 'ENCRYPTED PRIVATE KEY')
    return failure('it is encrypted ("ENCRYPTED PRIVATE KEY"); decrypt it first')
  if (label !== 'PRIVATE KEY' && label !== 'RSA PRIVATE KEY')
    return failure(`its PEM label is "${label}"; ${expected}`)
  const start = begin.index + begin[0].length
  const endLine = `-----END ${label}-----`
  const end = text.indexOf(endLine, start)
  if (end === -1) return failure(`the "${endLine}" line is missing`)
  const body = text.slice(start, end)
  // A legacy OpenSSL-encrypted PKCS#1 key carries `Proc-Type: 4,ENCRYPTED` and `DEK-Info` headers.
  if (body.includes(':')) return failure('it has PEM headers (an encrypted key); decrypt it first')
  const der = fromBase64(body.replace(/\s+/g, ''))
  if (der === undefined) return failure('its body is not base64')
  return label === 'PRIVATE KEY' ? checkPkcs8(der) : wrapPkcs1(der)
}

/** Checks that PKCS#8 DER holds an RSA key: `SEQUENCE { INTEGER, SEQUENCE { OID, ... }, OCTET STRING }`. */
function checkPkcs8(der: Uint8Array<ArrayBuffer>): ReadResult {
  const outer = readTlv(der, 0)
  if (outer?.tag !== 0x30 || outer.end !== der.length) return notDer('PKCS#8')
  const version = readTlv(der, outer.start)
  if (version?.tag !== 0x02) return notDer('PKCS#8')
  const algorithm = readTlv(der, version.end)
  if (algorithm?.tag !== 0x30) return notDer('PKCS#8')
  const oid = readTlv(der, algorithm.start)
  if (oid?.tag !== 0x06) return notDer('PKCS#8')
  const bytes = der.subarray(oid.start, oid.end)
  if (!same(bytes, rsaEncryption)) {
    const other = otherAlgorithms.find(([, known]) => same(bytes, known))
    return failure(`it is not an RSA key: it is ${other ? other[0] : 'a key of another algorithm'}`)
  }
  const key = readTlv(der, algorithm.end)
  if (key?.tag !== 0x04) return notDer('PKCS#8')
  return { success: true, pkcs8: der }
}

/**
 * Wraps PKCS#1 `RSAPrivateKey` DER into PKCS#8:
 * `SEQUENCE { INTEGER 0, SEQUENCE { rsaEncryption, NULL }, OCTET STRING { RSAPrivateKey } }`.
 */
function wrapPkcs1(der: Uint8Array<ArrayBuffer>): ReadResult {
  const outer = readTlv(der, 0)
  if (outer?.tag !== 0x30 || outer.end !== der.length) return notDer('PKCS#1')
  const version = readTlv(der, outer.start)
  const modulus = version && readTlv(der, version.end)
  if (version?.tag !== 0x02 || !modulus || modulus.tag !== 0x02) return notDer('PKCS#1')
  const algorithm = [0x30, 0x0d, 0x06, 0x09, ...rsaEncryption, 0x05, 0x00]
  const octets = [0x04, ...lengthBytes(der.length)]
  const content = 3 + algorithm.length + octets.length + der.length
  const head = [0x30, ...lengthBytes(content), 0x02, 0x01, 0x00, ...algorithm, ...octets]
  const pkcs8 = new Uint8Array(head.length + der.length)
  pkcs8.set(head)
  pkcs8.set(der, head.length)
  return { success: true, pkcs8 }
}

type Tlv = { tag: number; start: number; end: number }

/** One DER element at `offset`: its tag and where its content starts and ends. */
function readTlv(der: Uint8Array, offset: number): Tlv | undefined {
  const tag = der[offset]
  let first = der[offset + 1]
  if (tag === undefined || first === undefined) return undefined
  let start = offset + 2
  let length = first
  if (first > 0x80) {
    const count = first - 0x80
    if (count > 4) return undefined
    length = 0
    for (let i = 0; i < count; i++) {
      first = der[start + i]
      if (first === undefined) return undefined
      length = length * 256 + first
    }
    start += count
  } else if (first === 0x80) return undefined // indefinite length is BER, not DER
  const end = start + length
  return end <= der.length ? { tag, start, end } : undefined
}

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length]
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return [0x80 + bytes.length, ...bytes]
}

function same(bytes: Uint8Array, other: readonly number[]): boolean {
  return bytes.length === other.length && bytes.every((byte, i) => byte === other[i])
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) return undefined
  try {
    const binary = atob(text)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return undefined
  }
}

function notDer(form: string): ReadResult {
  return failure(`its body is not a DER-encoded ${form} RSA private key`)
}

function failure(problem: string): ReadResult {
  return { success: false, problem }
}
