import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { readRsaPrivateKey } from './pem.js'

describe('readRsaPrivateKey', () => {
  test.each([1024, 2048])(
    'a %i-bit PKCS#1 key wraps into exactly the PKCS#8 DER node:crypto exports',
    (modulusLength) => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength })
      const expected = new Uint8Array(privateKey.export({ type: 'pkcs8', format: 'der' }))
      const fromPkcs1 = readRsaPrivateKey(
        privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      )
      const fromPkcs8 = readRsaPrivateKey(
        privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      )
      expect(fromPkcs1).toEqual({ success: true, pkcs8: expected })
      expect(fromPkcs8).toEqual({ success: true, pkcs8: expected })
    },
  )

  test('a failure is data: the problem, never the key', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMAA=\n-----END RSA PRIVATE KEY-----'
    expect(readRsaPrivateKey(pem)).toEqual({
      success: false,
      problem: 'its body is not a DER-encoded PKCS#1 RSA private key',
    })
  })
})
