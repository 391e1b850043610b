import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url))

beforeAll(() => {
  // The CLI runs from the build; build it once when it is missing.
  if (!existsSync(cli)) {
    const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
        cwd: root,
        stdio: 'pipe',
      })
    } catch {
      // Type errors elsewhere still emit; the check below is what matters.
    }
  }
  expect(existsSync(cli)).toBe(true)
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

  test('refuses an invalid port', () => {
    expect(() => execFileSync(process.execPath, [cli, '--port', 'abc'], { stdio: 'pipe' })).toThrow(
      /Invalid --port/,
    )
  })

  test('the printed key arms the countdown switch (the dead-man switch example runs against it) and reads rToken fills', async () => {
    const { child, exited, out } = await startCli(['--port', '0', '--seed', '9'], 'permissions:')
    try {
      expect(out).toMatch(/permissions: trade_rw, countdown, realityFills\n/)
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? ''
      const field = (name: string) => new RegExp(`${name}: +(\\S+)`).exec(out)?.[1] ?? ''
      const { createHmac } = await import('node:crypto')
      const path = '/api/v3/trade/countdown-cancel-all'
      const body = JSON.stringify({ countdown: '10' })
      const timestamp = String(Date.now())
      const sign = createHmac('sha256', field('secret'))
        .update(`${timestamp}POST${path}${body}`)
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
        body,
      })
      expect((await response.json()).code).toBe('00000')
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
})
