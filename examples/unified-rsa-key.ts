import { generateKeyPairSync } from 'node:crypto'
import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

// An API key created with an RSA public key: requests are signed with its private key (SHA-256
// with RSA, PKCS#1 v1.5) instead of an HMAC secret.
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})
const sandbox = await startSandbox({ port: 0 })
const { apiKey, passphrase } = sandbox.admin.addKey({ publicKey })

const client = createUnifiedClient({
  baseUrl: sandbox.url,
  // PKCS#8 (-----BEGIN PRIVATE KEY-----) or PKCS#1 (-----BEGIN RSA PRIVATE KEY-----), unencrypted;
  // a key that cannot be used throws InvalidPrivateKeyError here, never quoting the key.
  credentials: { apiKey, passphrase, privateKey },
})
const { list } = await client.orders.getOpen({ category: 'SPOT' })
console.log('signed with RSA; open spot orders:', list.length)
await sandbox.close()
