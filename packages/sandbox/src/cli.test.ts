import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { connect } from './test/ws.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const built = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
/** What `tradeline-sandbox` runs: the committed bin shim, which runs the built CLI. */
const cli = fileURLToPath(new URL('../bin/tradeline-sandbox.js', import.meta.url))

beforeAll(() => {
  // The CLI runs from the build; build it once when it is missing.
  if (!existsSync(built)) {
    const tsdown = fileURLToPath(new URL('../node_modules/.bin/tsdown', import.meta.url))
    try {
      execFileSync(tsdown, [], {
        cwd: root,
        stdio: 'pipe',
      })
    } catch {
      // Type errors elsewhere still emit; the check below is what matters.
    }
  }
  expect(existsSync(built)).toBe(true)
}, 120_000)

/** Starts the CLI; resolves once it printed `until`, with its output, the child and its exit. */
async function startCli(args: readonly string[], until = 'passphrase:') {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let out = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes(until)) resolve()
    })
    child.stderr.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())))
    child.on('exit', () => reject(new Error(`exited early: ${out}`)))
  })
  return { child, exited, out }
}

/** Posts `body` to `path` of the CLI's sandbox, signed with the key it printed in `out`. */
async function postSigned(out: string, path: string, body: object): Promise<{ code?: string }> {
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? ''
  const field = (name: string) => new RegExp(`${name}: +(\\S+)`).exec(out)?.[1] ?? ''
  const { createHmac } = await import('node:crypto')
  const text = JSON.stringify(body)
  const timestamp = String(Date.now())
  const sign = createHmac('sha256', field('secret'))
    .update(`${timestamp}POST${path}${text}`)
    .digest('base64')
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'ACCESS-KEY': field('apiKey'),
      'ACCESS-SIGN': sign,
      'ACCESS-TIMESTAMP': timestamp,
      'ACCESS-PASSPHRASE': field('passphrase'),
    },
    body: text,
  })
  return (await response.json()) as { code?: string }
}

describe('tradeline-sandbox', () => {
  test('starts, prints the URL and credentials, serves, and stops on SIGTERM', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--seed', '9'])
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
      expect(url).toBeDefined()
      expect(out).toMatch(/apiKey: +bg_[0-9a-f]{32}\n/)
      expect(out).toMatch(/secret: +[0-9a-f]{64}\n/)
      expect(out).toMatch(/passphrase: +[A-Za-z0-9]{16}\n/)
      const body = await (await fetch(`${url}/api/v3/public/time`)).json()
      expect(body.code).toBe('00000')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('prints the private WebSocket URL, which answers ping with pong', async () => {
    const { child, exited, out } = await startCli(['--port', '0'], 'websocket:')
    try {
      const url = /websocket: +(ws:\/\/127\.0\.0\.1:\d+\/v3\/ws\/private)/.exec(out)?.[1]
      expect(url).toBeDefined()
      const client = await connect(url ?? '')
      client.send('ping')
      expect(await client.next()).toBe('pong')
      client.close()
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('refuses an invalid port', () => {
    expect(() => execFileSync(process.execPath, [cli, '--port', 'abc'], { stdio: 'pipe' })).toThrow(
      /Invalid --port/,
    )
  })

  test('the printed key arms the countdown switch (the dead-man switch example runs against it) and reads rToken fills', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--seed', '9'], 'permissions:')
    try {
      expect(out).toMatch(/permissions: trade_rw, countdown, realityFills, optionQuote\n/)
      expect(
        (await postSigned(out, '/api/v3/trade/countdown-cancel-all', { countdown: '10' })).code,
      ).toBe('00000')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('refuses an unknown permission', () => {
    expect(() =>
      execFileSync(process.execPath, [cli, '--port', '0', '--permissions', 'trade_rw,admin'], {
        stdio: 'pipe',
      }),
    ).toThrow(/Invalid --permissions admin/)
  })

  test('--help lists every option, one line each', () => {
    const out = execFileSync(process.execPath, [cli, '--help'], { encoding: 'utf8' })
    const options = out
      .split('\n')
      .filter((line) => /^ {2}-/.test(line))
      .map((line) => /--([a-z-]+)/.exec(line)?.[1])
    expect(options).toEqual([
      'port',
      'host',
      'seed',
      'no-rate-limits',
      'timestamp-window-ms',
      'permissions',
      'read-only',
      'account-mode',
      'strict',
      'log',
      'help',
    ])
  })

  test('--log prints one line per request (time, method, path, status, code, ms), never a header value or the query', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--seed', '9', '--log'])
    let log = ''
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString()
    })
    try {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? ''
      const field = (name: string) => new RegExp(`${name}: +(\\S+)`).exec(out)?.[1] ?? ''
      await fetch(`${url}/api/v3/public/time?probe=query-value`)
      expect(
        (await postSigned(out, '/api/v3/trade/countdown-cancel-all', { countdown: '10' })).code,
      ).toBe('00000')
      // A signed read with a wrong passphrase: 40012, its headers in no line.
      await fetch(`${url}/api/v3/trade/unfilled-orders?category=SPOT`, {
        headers: {
          'ACCESS-KEY': field('apiKey'),
          'ACCESS-SIGN': 'c2lnbmF0dXJl',
          'ACCESS-TIMESTAMP': String(Date.now()),
          'ACCESS-PASSPHRASE': 'wrong-passphrase',
        },
      })
      await fetch(`${url}/no/such/path`)
      await fetch(`${url}/sandbox/state`)
      const end = Date.now() + 10_000
      while (log.trim().split('\n').length < 5 && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 20))
      const lines = log.trim().split('\n')
      const line =
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (GET|POST) (\S+) (\d{3}) (\S+) (\d+) ms$/
      expect(lines.map((l) => line.exec(l)?.slice(1, 5))).toEqual([
        ['GET', '/api/v3/public/time', '200', '00000'],
        ['POST', '/api/v3/trade/countdown-cancel-all', '200', '00000'],
        ['GET', '/api/v3/trade/unfilled-orders', '400', '40012'],
        ['GET', '/no/such/path', '404', expect.any(String)],
        ['GET', '/sandbox/state', '200', '00000'],
      ])
      for (const secret of [
        field('apiKey'),
        field('secret'),
        field('passphrase'),
        'wrong-passphrase',
        'c2lnbmF0dXJl',
        'query-value',
      ])
        expect(log).not.toContain(secret)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('prints a signed curl call of the open spot orders that runs as printed', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--seed', '9'], 'TIMESTAMP: ')
    try {
      const command = await untilCommand(child, out)
      const body = JSON.parse(await runCurl(command))
      expect(body).toMatchObject({ code: '00000', data: { list: [], cursor: '' } })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('--read-only: a trade_ro key whose reads answer and writes get 40014', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--read-only'], 'TIMESTAMP: ')
    try {
      const command = await untilCommand(child, out)
      expect(command).toContain('ACCESS-KEY')
      expect(out).toMatch(/permissions: trade_ro, realityFills\n/)
      expect(JSON.parse(await runCurl(command)).code).toBe('00000')
      expect(
        (await postSigned(out, '/api/v3/trade/cancel-symbol-order', { category: 'SPOT' })).code,
      ).toBe('40014')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('--strict refuses a field an endpoint does not take; without it the field is ignored', async () => {
    for (const [args, code] of [
      [['--strict'], '40017'],
      [[], '00000'],
    ] as const) {
      const { child, exited, out } = await startCli(['--port', '0', ...args])
      try {
        const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? ''
        const body = await (await fetch(`${url}/api/v3/public/time?symbol=BTCUSDT`)).json()
        expect(body.code).toBe(code)
      } finally {
        child.kill('SIGTERM')
      }
      expect(await exited).toBe(0)
    }
  }, 30_000)

  test('--account-mode classic: the printed curl reads the classic API; the unified API answers 40084', async () => {
    const { child, exited, out } = await startCli(
      ['--port', '0', '--account-mode', 'classic'],
      'TIMESTAMP: ',
    )
    try {
      expect(out).toMatch(/account: +classic \(/)
      const command = await untilCommand(child, out)
      expect(command).toContain('/api/v2/mix/order/orders-pending?productType=USDT-FUTURES')
      expect(JSON.parse(await runCurl(command)).code).toBe('00000')
      expect(
        (await postSigned(out, '/api/v3/trade/cancel-symbol-order', { category: 'SPOT' })).code,
      ).toBe('40084')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('the default account is unified: the classic API answers 40085', async () => {
    const { child, exited, out } = await startCli(['--port', '0'], 'passphrase:')
    try {
      expect(
        (
          await postSigned(out, '/api/v2/mix/account/set-margin-mode', {
            symbol: 'BTCUSDT',
            productType: 'USDT-FUTURES',
            marginCoin: 'USDT',
            marginMode: 'isolated',
          })
        ).code,
      ).toBe('40085')
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
  }, 30_000)

  test('refuses an unknown --account-mode', () => {
    expect(() =>
      execFileSync(process.execPath, [cli, '--account-mode', 'uta'], { stdio: 'pipe' }),
    ).toThrow(/Invalid --account-mode uta: use unified or classic/)
  })

  test('refuses --read-only together with --permissions', () => {
    expect(() =>
      execFileSync(process.execPath, [cli, '--read-only', '--permissions', 'trade_ro'], {
        stdio: 'pipe',
      }),
    ).toThrow(/Use one of --read-only and --permissions/)
  })
})

/** The printed curl command, once its last line (the timestamp header) is complete. */
async function untilCommand(child: ReturnType<typeof spawn>, printed: string): Promise<string> {
  let out = printed
  const complete = () => /ACCESS-TIMESTAMP: \d+'\n/.test(out)
  if (!complete())
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (complete()) resolve()
      })
    })
  const start = out.indexOf('curl ')
  const end = out.indexOf('\n', out.indexOf('ACCESS-TIMESTAMP'))
  return out.slice(start, end)
}

/** Runs the command in a shell when curl is installed, else sends the same request with fetch. */
async function runCurl(command: string): Promise<string> {
  if (spawnSync('curl', ['--version']).status === 0) {
    const result = spawnSync('sh', ['-c', command], { encoding: 'utf8' })
    expect(result.status).toBe(0)
    return result.stdout
  }
  const url = /curl -s '([^']+)'/.exec(command)?.[1] ?? ''
  const headers = Object.fromEntries(
    [...command.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1]!, m[2]!]),
  )
  return (await fetch(url, { headers })).text()
}
