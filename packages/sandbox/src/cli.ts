#!/usr/bin/env node
/**
 * `tradeline-sandbox [--port 8080] [--host 127.0.0.1] [--seed 42] [--no-rate-limits]
 * [--timestamp-window-ms 30000] [--permissions trade_rw,countdown,realityFills]`: starts the
 * sandbox, prints its URL and credentials, and stops on SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util'
import { startSandbox } from './server.js'
import { permissions as known, type Permission } from './state.js'

const usage =
  'Usage: tradeline-sandbox [--port 8080] [--host 127.0.0.1] [--seed 42] [--no-rate-limits] [--timestamp-window-ms 30000] [--permissions trade_rw,countdown,realityFills]'

/**
 * The permissions of the printed key: every feature a developer tries offline (the countdown
 * switch and rToken fills need access granted by the platform live), so the README's examples
 * run against it as written.
 */
const defaultPermissions = 'trade_rw,countdown,realityFills'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'no-rate-limits': { type: 'boolean', default: false },
      'timestamp-window-ms': { type: 'string' },
      permissions: { type: 'string', default: defaultPermissions },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(`${usage}\n`)
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid --port ${values.port}`)
  const seed =
    values.seed === undefined
      ? undefined
      : /^\d+$/.test(values.seed)
        ? Number(values.seed)
        : values.seed
  const window = values['timestamp-window-ms']
  const permissions = values.permissions.split(',').map((item) => item.trim())
  for (const permission of permissions)
    if (!(known as readonly string[]).includes(permission))
      throw new Error(`Invalid --permissions ${permission}: use ${known.join(', ')}`)
  const sandbox = await startSandbox({
    port,
    host: values.host,
    seed,
    rateLimits: !values['no-rate-limits'],
    timestampWindowMs: window === undefined ? undefined : Number(window),
    data: { keys: [{ permissions: permissions as Permission[] }] },
  })
  const { apiKey, secret, passphrase } = sandbox.credentials
  process.stdout.write(
    [
      `tradeline sandbox listening on ${sandbox.url}`,
      `apiKey:     ${apiKey}`,
      `secret:     ${secret}`,
      `passphrase: ${passphrase}`,
      `permissions: ${permissions.join(', ')}`,
      `admin:      ${sandbox.url}/sandbox/state`,
      '',
    ].join('\n'),
  )
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`)
  process.exit(1)
})
