/**
 * No README example can rot: every fenced js/ts block of the root README and of every package
 * README is byte for byte a TypeScript file of this folder (named by the
 * `<!-- example: examples/….ts -->` comment right above it), every file here is quoted by a
 * README, every file compiles strict against the packed packages (scripts/packed.mjs: `pnpm
 * pack` tarballs installed in a scratch folder), and the compiled file runs to exit code 0 with
 * the output it promises, each against its own sandbox on 127.0.0.1.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { preparePacked, removePacked } from '../scripts/packed.mjs'
import { type RedisServer, startRedisServer } from './redisServer.js'

const folder = fileURLToPath(new URL('..', import.meta.url))
const root = fileURLToPath(new URL('../..', import.meta.url))
const examples = readdirSync(folder)
  .filter((name) => /^[\w-]+\.ts$/.test(name) && name !== 'vitest.config.ts')
  .sort()
const readmes = [
  'README.md',
  ...readdirSync(`${root}packages`).map((name) => `packages/${name}/README.md`),
].filter((path) => {
  try {
    readFileSync(`${root}${path}`)
    return true
  } catch {
    return false
  }
})

/** What each example must print (in this order, on stdout). */
const expected: Record<string, readonly RegExp[]> = {
  'classic-futures-orders.ts': [
    /^placed \d+$/m,
    /^modified into \d+ live 0\.02 59000$/m,
    /^batch: 120\/120$/m,
    /^ok: 120$/m,
    /^refused before sending: \[ 'size minimum' \]$/m,
    /^pending after cancel all: 0$/m,
  ],
  'classic-futures-copy-trader.ts': [
    /^BTCUSDT placed true$/m,
    /^refused before sending: \[ 'symbol' \]$/m,
  ],
  'classic-futures-stream.ts': [
    /^order live 0 of 0\.01\nfill 0\.004 @ 60000\norder partially_filled 0\.004 of 0\.01\nposition long 0\.004$/m,
    // The replay of the order, in order; the live position push of another channel may come
    // before, between or after its lines (live pushes pass during a catch-up).
    /^(?:position long 0\.01\nreplayed fill 0\.006 @ 60000\nreplayed order filled 0\.01 of 0\.01|replayed fill 0\.006 @ 60000\nposition long 0\.01\nreplayed order filled 0\.01 of 0\.01|replayed fill 0\.006 @ 60000\nreplayed order filled 0\.01 of 0\.01\nposition long 0\.01)$/m,
  ],
  'classic-futures-market-stream.ts': [
    /^rebuilt after checksum\nbook rebuilt; top 3 asks equal the sandbox book: true$/m,
    /^a 1H candle, close a decimal string: true$/m,
  ],
  'core-order-book.ts': [
    /^best bid \[ '43231', '6' \]$/m,
    /^asks \[\["43232\.8","9"\],\["43232\.85","1\.50"\]\]$/m,
    /^checksum text 43231:6:43232\.8:9:43232\.85:1\.50:43232\.9:8$/m,
    /^checksum -?\d+$/m,
  ],
  'sandbox-market-book.ts': [
    /^snapshot then 100 updates; the last seq and checksum are the book's: true$/m,
    /^best bid \[price, size\] as strings: true$/m,
  ],
  'unified-market-stream.ts': [
    /^20 updates verified; top 5 bids equal the sandbox book: true$/m,
    /^best bid and ask are decimal strings: true$/m,
    /^last price is a decimal string: true$/m,
  ],
  'core-client-base.ts': [
    /^products \[ '1001', '1002' \]$/m,
    /^config frozen: true$/m,
    /^refused: RateLimits\.UnknownEndpointError$/m,
  ],
  'core-transport.ts': [
    /clientOid: 'my-1'/,
    /^ApiError 43118 Duplicate clientOid/m,
    /^UnknownOutcomeError code retrySafe: false$/m,
  ],
  'rate-limit-memory.ts': [/^(1\d|2[0-4]) placed, ([1-9]|1[0-5]) refused by the limiter/m],
  'rate-limit-redis.ts': [/^24 orders from two limiters sharing Redis, none refused with 429$/m],
  'rules-big.ts': [
    /^0\.3$/m,
    /^768\.006$/m,
    /^0\.3{64}$/m,
    /^1\.4142135623730950488$/m,
    /^Decimal\.InvalidError$/m,
  ],
  'rules-check-order.ts': [
    /^posSide forbidden/m,
    /^price tick - price: expected a multiple of 0\.5/m,
    /^qty lot - qty: expected a multiple of 0\.001/m,
    /category: 'USDT-FUTURES'[\s\S]*qty: '0\.012'[\s\S]*price: '64000'/,
  ],
  'campaign-run.ts': [/duplicates/, /^passed: true$/m],
  'sandbox-signed-fetch.ts': [
    /code: '00000'/,
    /data: \{ list: \[\], cursor: '' \}/,
    /^faults waiting: 1$/m,
  ],
  'savings-subscribe-info.ts': [
    /^product 1001 flexible$/m,
    /^steps \[ '6\.00 up to 500', '2\.00 up to 100000' \]$/m,
    /^redeem delay \{ days: 0, raw: 'D\+0' \}$/m,
    /^result \{ result: 'success', msg: null \}$/m,
  ],
  'securities-orders.ts': [
    /^option true Call Normal$/m,
    /^order \d+$/m,
    /^trailing stop \d+$/m,
    /^position AAPL\.US 3 /m,
    /^executions in 2025: 2500$/m,
  ],
  'unified-base-client.ts': [/^\d+ cancelled$/m],
  'unified-batch.ts': [/^batch 3\/3: 45\/45 orders$/m, /^ok: 45$/m, /^cancelled: 45$/m],
  // The switch is armed while the keeper runs and off once the example ends (it stops it).
  'unified-dead-man-switch.ts': [
    /^switches armed at the exchange: 1$/m,
    /^keeper stopped$/m,
    /^switches armed at the exchange: 0$/m,
  ],
  'unified-stream.ts': [
    /^order live 0 of 0\.01\nfill 0\.004 @ 3000\norder partially_filled 0\.004 of 0\.01$/m,
    /^fill 0\.006 @ 3000$/m,
    /^after the reconnect: order filled 0\.01$/m,
  ],
  'unified-place-order.ts': [
    /^placed \d+ [A-Za-z0-9_-]{24}$/m,
    /^refused before sending: \[ 'price tick' \]$/m,
    /^reconciled \d+$/m,
    /^open orders 2$/m,
  ],
  'unified-rsa-key.ts': [/^signed with RSA; open spot orders: 0$/m],
}

/** A fenced block of a README: its language, its text, and the example named above it. */
type Block = {
  readme: string
  line: number
  lang: string
  text: string
  example: string | undefined
}

function blocksOf(readme: string): Block[] {
  const lines = readFileSync(`${root}${readme}`, 'utf8').split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)/.exec(lines[i] ?? '')
    if (!open) continue
    const end = lines.findIndex((line, j) => j > i && line === '```')
    if (end === -1) throw new Error(`${readme}:${i + 1}: a fence that is never closed`)
    let above = i - 1
    while (above >= 0 && lines[above]?.trim() === '') above--
    const named = /^<!-- example: examples\/([\w.-]+) -->$/.exec(lines[above] ?? '')
    blocks.push({
      readme,
      line: i + 1,
      lang: open[1] ?? '',
      text: `${lines.slice(i + 1, end).join('\n')}\n`,
      example: named?.[1],
    })
    i = end
  }
  return blocks
}

const code = (lang: string) => /^(js|ts|javascript|typescript|mjs|jsx|tsx)$/i.test(lang)
const blocks = readmes.flatMap(blocksOf)

describe('README code blocks', () => {
  test('the READMEs hold js/ts blocks (the parser finds them)', () => {
    expect(blocks.filter((b) => code(b.lang)).length).toBeGreaterThanOrEqual(examples.length)
  })

  test('every js/ts block is named by an `<!-- example: examples/….ts -->` comment and is that file byte for byte', () => {
    const problems: string[] = []
    for (const block of blocks.filter((b) => code(b.lang))) {
      const where = `${block.readme}:${block.line}`
      if (block.example === undefined) problems.push(`${where}: no <!-- example: … --> above it`)
      else if (!examples.includes(block.example))
        problems.push(`${where}: examples/${block.example} does not exist`)
      else if (readFileSync(`${folder}${block.example}`, 'utf8') !== block.text)
        problems.push(`${where}: differs from examples/${block.example}`)
    }
    expect(problems).toEqual([])
  })

  test('an example comment names a ts block (never js, a shell or a text block)', () => {
    const misplaced = blocks
      .filter((b) => b.example !== undefined && b.lang !== 'ts')
      .map((b) => `${b.readme}:${b.line} (${b.lang || 'no language'})`)
    expect(misplaced).toEqual([])
  })

  test('every example file is quoted by a README', () => {
    const quoted = new Set(blocks.map((b) => b.example))
    expect(examples.filter((name) => !quoted.has(name))).toEqual([])
  })

  test('every example file has its expected output listed here', () => {
    expect(examples).toEqual(Object.keys(expected).sort())
  })
})

/** Runs one compiled example with node; resolves with its exit code and output (killed after `ms`). */
function run(dir: string, name: string, env: Record<string, string>, ms = 60_000) {
  const child = spawn(process.execPath, [`out/${name.replace(/\.ts$/, '.js')}`], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const timer = setTimeout(() => child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), ms)
  return new Promise<{
    code: number | null
    signal: string | null
    stdout: string
    stderr: string
  }>((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      // Output may still be draining after exit; 'close' follows once both streams ended.
      child.on('close', () => resolve({ code, signal, stdout, stderr }))
    }),
  )
}

/**
 * README examples that are written as a user writes them but do not compile yet, for a typing
 * defect of the package (not of the example). Each must still fail: once the types are fixed,
 * the test asks for the entry to be removed.
 */
const typingDefects: readonly { file: string; code: string; reason: string }[] = []
const defectOf = (line: string) =>
  typingDefects.find((d) => line.startsWith(`${d.file}(`) && line.includes(`error ${d.code}:`))

let packed: ReturnType<typeof preparePacked>
beforeAll(() => {
  packed = preparePacked()
}, 300_000)
afterAll(() => {
  if (packed) removePacked(packed.dir)
})

describe('the examples compile strict against the packed packages', () => {
  test('every example compiles (strict), but for the listed typing defects', () => {
    expect(packed.examples.sort()).toEqual(examples)
    expect(packed.diagnostics.filter((line) => !defectOf(line))).toEqual([])
    const stillFailing = typingDefects.filter((d) =>
      packed.diagnostics.some((line) => defectOf(line) === d),
    )
    expect(stillFailing, 'a listed defect compiles now: remove it from the list').toEqual(
      typingDefects,
    )
  })
})

describe('every compiled example runs against its own sandbox', () => {
  let redis: RedisServer
  beforeAll(async () => {
    redis = await startRedisServer()
  })
  afterAll(async () => {
    await redis?.stop()
  })

  test.each(examples)(
    '%s exits 0 by itself with its expected output',
    async (name) => {
      const { code, signal, stdout, stderr } = await run(packed.dir, name, { REDIS_URL: redis.url })
      expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' })
      let from = 0
      for (const pattern of expected[name] ?? []) {
        const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(
          stdout.slice(from),
        )
        expect(match, `${name}: ${pattern} after position ${from} of:\n${stdout}`).not.toBeNull()
        from += (match?.index ?? 0) + (match?.[0].length ?? 0)
      }
    },
    70_000,
  )
})
