#!/usr/bin/env node
/**
 * `tradeline-sandbox [options]`: starts the sandbox, prints its URL, the credentials of its key
 * and a signed curl call ready to run, and stops on SIGINT or SIGTERM. `--help` lists the
 * options.
 */
import { createHmac } from 'node:crypto'
import { parseArgs } from 'node:util'
import { defaultTimestampWindowMs } from './auth.js'
import { formatRequestLog } from './requestLog.js'
import { startSandbox } from './server.js'
import { type AccountMode, accountModes, permissions as known, type Permission } from './state.js'

/**
 * The permissions of the printed key: every feature a developer tries offline (the countdown
 * switch, rToken fills and option quotes need access granted by the platform live), so the
 * README's examples run against it as written.
 */
const defaultPermissions = 'trade_rw,countdown,realityFills,optionQuote'
/** `--read-only`: a key that reads the unified account (rToken fills included) and writes nothing. */
const readOnlyPermissions = 'trade_ro,realityFills'

const help = `Usage: tradeline-sandbox [options]

Starts a local exchange, prints its URL, the credentials of its key and a signed curl call.

Options:
  --port <n>                 port to listen on; 0 takes a free one (default 8080)
  --host <address>           address to bind (default 127.0.0.1)
  --seed <n|text>            seed of keys, secrets and ids: same seed, same credentials (default random)
  --no-rate-limits           do not enforce the exchange's rate limits
  --timestamp-window-ms <n>  accepted ACCESS-TIMESTAMP difference (default ${defaultTimestampWindowMs})
  --permissions <a,b,...>    permissions of the key, from ${known.join(', ')} (default ${defaultPermissions})
  --read-only                a read-only key (${readOnlyPermissions}): reads answer, writes get 40014
  --account-mode <mode>      unified (the /api/v3 API) or classic (the /api/v2/mix API); the other mode's
                             private endpoints answer 40085 or 40084, as live (default unified)
  --strict                   refuse request fields an endpoint does not take (40017) instead of ignoring them
  --log                      print one line per request: time, method, path, status, code, ms (never a header)
  -h, --help                 print this help and exit

Explorer: open <url>/explorer in a browser on this machine: Swagger UI on <url>/openapi.json (the
OpenAPI 3.1 document of every endpoint, from @tradeline/rules), served from the sandbox (no CDN).
The key is prefilled; the page signs each request with Web Crypto HMAC-SHA256 and shows what the
rules say about it (Endpoint.check) above the exchange's answer.
`

/**
 * The read the printed example makes, by the key's account mode: the open spot orders of a
 * unified account, the open USDT futures orders of a classic one (each mode's own API).
 */
const examples = {
  unified: {
    what: 'open spot orders',
    path: '/api/v3/trade/unfilled-orders',
    query: 'category=SPOT',
  },
  classic: {
    what: 'open USDT futures orders',
    path: '/api/v2/mix/order/orders-pending',
    query: 'productType=USDT-FUTURES',
  },
} as const

/**
 * A curl command that reads the mode's example signed with the key at `timestamp`, for a shell
 * (the values are hex, alphanumeric or base64, safe inside single quotes).
 */
function curlExample(
  url: string,
  credentials: { apiKey: string; secret: string; passphrase: string },
  timestamp: number,
  mode: AccountMode,
): string {
  const { path: examplePath, query: exampleQuery } = examples[mode]
  const prehash = `${timestamp}GET${examplePath}?${exampleQuery}`
  const sign = createHmac('sha256', credentials.secret).update(prehash).digest('base64')
  return [
    `curl -s '${url}${examplePath}?${exampleQuery}'`,
    `-H 'ACCESS-KEY: ${credentials.apiKey}'`,
    `-H 'ACCESS-SIGN: ${sign}'`,
    `-H 'ACCESS-PASSPHRASE: ${credentials.passphrase}'`,
    `-H 'ACCESS-TIMESTAMP: ${timestamp}'`,
  ].join(' \\\n  ')
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      'no-rate-limits': { type: 'boolean', default: false },
      'timestamp-window-ms': { type: 'string' },
      permissions: { type: 'string' },
      'read-only': { type: 'boolean', default: false },
      'account-mode': { type: 'string', default: 'unified' },
      strict: { type: 'boolean', default: false },
      log: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(help)
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
  const windowMs = window === undefined ? defaultTimestampWindowMs : Number(window)
  if (!Number.isFinite(windowMs) || windowMs < 0)
    throw new Error(`Invalid --timestamp-window-ms ${window}`)
  if (values['read-only'] && values.permissions !== undefined)
    throw new Error('Use one of --read-only and --permissions')
  const accountMode = values['account-mode'] as AccountMode
  if (!accountModes.includes(accountMode))
    throw new Error(`Invalid --account-mode ${accountMode}: use ${accountModes.join(' or ')}`)
  const chosen = values['read-only']
    ? readOnlyPermissions
    : (values.permissions ?? defaultPermissions)
  const permissions = chosen.split(',').map((item) => item.trim())
  for (const permission of permissions)
    if (!(known as readonly string[]).includes(permission))
      throw new Error(`Invalid --permissions ${permission}: use ${known.join(', ')}`)
  const sandbox = await startSandbox({
    port,
    host: values.host,
    seed,
    rateLimits: !values['no-rate-limits'],
    timestampWindowMs: windowMs,
    strict: values.strict,
    ...(values.log && {
      onRequest: (entry) => void process.stdout.write(`${formatRequestLog(entry)}\n`),
    }),
    accountMode,
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
      `account:    ${accountMode} (${accountMode === 'unified' ? '/api/v3; classic endpoints answer 40085' : '/api/v2/mix; unified endpoints answer 40084'})`,
      `admin:      ${sandbox.url}/sandbox/state`,
      `explorer:   ${sandbox.url}/explorer (OpenAPI: ${sandbox.url}/openapi.json)`,
      `websocket:  ${sandbox.wsUrl}/v3/ws/private (and /v3/ws/public)`,
      '',
      `A signed read of the ${examples[accountMode].what} (valid for ${windowMs / 1000} s, the timestamp window):`,
      curlExample(sandbox.url, sandbox.credentials, sandbox.admin.now(), accountMode),
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
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\nRun tradeline-sandbox --help for the options.\n`,
  )
  process.exit(1)
})
