#!/usr/bin/env node
// `pnpm release:verify`: a whole release against a local npm registry, end to end, on a scratch
// copy of the repository (the repository itself is left as it is: no version, no changeset used).
//
//  1. Starts Verdaccio 5 on 127.0.0.1 (a free port, storage in a temp folder). @tradeline/* exist
//     only there (never proxied); other packages come through an uplink to the registry of the
//     machine's npm config: the published packages depend on valibot, decimal.js and undici
//     (the sandbox bundles Hono), which a user's install fetches from npm too.
//  2. Copies the tracked (and untracked, not ignored) files to a scratch folder, installs from the
//     warm pnpm store, runs `changeset version` and scripts/write-versions.mjs, builds, and
//     publishes every public package (`pnpm -r publish`).
//  3. In an empty temp folder, `npm install` of @tradeline/classic-futures and @tradeline/sandbox
//     alone; `npx tradeline-sandbox --help`; a script that starts the installed sandbox and places
//     and cancels an order through the installed client; prints the packages installed, their
//     size on disk, and what valibot and decimal.js weigh within it.
//  4. A changeset for @tradeline/rules alone, `changeset version`, build, publish: asserts that
//     exactly rules (bumped) and the patch bumps of its dependents were published.
//
// Stops by itself (every step has a time limit), kills Verdaccio by pid, removes its temp folders.
import { execFileSync, spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const started = performance.now()
const temps = []
let verdaccio
let verdaccioOutput = ''

const log = (line) =>
  console.log(`[release:verify ${((performance.now() - started) / 1000).toFixed(1)}s] ${line}`)

function temp(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `tradeline-${prefix}-`))
  temps.push(dir)
  return dir
}

/** Runs a command, its output shown only when it fails; returns its stdout. */
function run(command, args, { cwd, env = {}, timeoutMs = 300_000 } = {}) {
  try {
    return execFileSync(command, args, {
      cwd,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`)
    throw new Error(`${command} ${args.join(' ')} failed (in ${cwd})`)
  }
}

/** GET of a JSON document of the registry, once more if the pooled connection was closed. */
async function getJson(url) {
  try {
    return await (await fetch(url)).json()
  } catch {
    return await (await fetch(url)).json()
  }
}

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => ok(port))
    })
  })
}

function cleanUp() {
  if (verdaccio && verdaccio.exitCode === null) process.kill(verdaccio.pid, 'SIGTERM')
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
}

async function startVerdaccio() {
  const dir = temp('registry')
  const port = await freePort()
  const uplink = run('npm', ['config', 'get', 'registry'], { cwd: dir }).trim()
  const config = join(dir, 'config.yaml')
  writeFileSync(
    config,
    `storage: ${JSON.stringify(join(dir, 'storage'))}
auth:
  htpasswd:
    file: ${JSON.stringify(join(dir, 'htpasswd'))}
    max_users: 1
uplinks:
  npm:
    url: ${JSON.stringify(uplink)}
    timeout: 60s
packages:
  '@tradeline/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: npm
server:
  keepAliveTimeout: 0
web:
  enable: false
log: { type: stdout, format: pretty, level: error }
`,
  )
  const bin = join(root, 'node_modules/verdaccio/bin/verdaccio')
  verdaccio = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  verdaccio.stdout.on('data', (chunk) => {
    verdaccioOutput += chunk
  })
  verdaccio.stderr.on('data', (chunk) => {
    verdaccioOutput += chunk
  })
  const url = `http://127.0.0.1:${port}/`
  for (let i = 0; ; i++) {
    if (verdaccio.exitCode !== null) throw new Error(`verdaccio exited: ${verdaccioOutput}`)
    try {
      if ((await fetch(`${url}-/ping`)).ok) break
    } catch {}
    if (i > 300) throw new Error(`verdaccio did not answer within 30 s: ${verdaccioOutput}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  // A user for publishing (htpasswd registration), as `npm adduser` does.
  const response = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-verify', type: 'user' }),
  })
  const { token } = await response.json()
  if (!token) throw new Error(`verdaccio gave no token (${response.status})`)
  log(`verdaccio ${url} (pid ${verdaccio.pid}), uplink ${uplink} for third-party packages`)
  return { url, token, uplink }
}

/** Copies what git tracks (and untracked files not ignored) of the repository to `dest`. */
function copyRepository(dest) {
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const from = join(root, file)
    if (!existsSync(from)) continue // deleted in the working tree
    mkdirSync(dirname(join(dest, file)), { recursive: true })
    cpSync(from, join(dest, file))
  }
  return files.length
}

function publicPackages(base) {
  const dir = join(base, 'packages')
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'package.json')))
    .map((name) => JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')))
    .filter((manifest) => manifest.private !== true)
}

const versions = (base) => Object.fromEntries(publicPackages(base).map((m) => [m.name, m.version]))

/** Versions, build, publish; returns what pnpm published. */
function release(scratch, registry) {
  const env = { npm_config_registry: registry.url }
  run('pnpm', ['exec', 'changeset', 'version'], { cwd: scratch, env })
  run(process.execPath, ['scripts/write-versions.mjs'], { cwd: scratch })
  const filters = publicPackages(scratch).flatMap((m) => ['--filter', m.name])
  run('pnpm', ['exec', 'turbo', 'run', 'build', ...filters, '--output-logs=errors-only'], {
    cwd: scratch,
    env: { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    timeoutMs: 900_000,
  })
  const summary = join(scratch, 'pnpm-publish-summary.json')
  rmSync(summary, { force: true })
  run(
    'pnpm',
    ['-r', 'publish', '--registry', registry.url, '--no-git-checks', '--report-summary'],
    { cwd: scratch, env },
  )
  return JSON.parse(readFileSync(summary, 'utf8')).publishedPackages.map((p) => ({
    name: p.name,
    version: p.version,
  }))
}

/** Every installed package folder under node_modules (nested ones included). */
function installedPackages(nodeModules) {
  const found = []
  const visit = (dir) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue
      const path = join(dir, entry)
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(path)) add(join(path, scoped), `${entry}/${scoped}`)
      } else add(path, entry)
    }
  }
  const add = (path, name) => {
    if (!existsSync(join(path, 'package.json'))) return
    found.push({ name, path })
    visit(join(path, 'node_modules'))
  }
  visit(nodeModules)
  return found
}

/** Bytes of the files under `dir` (apparent size), nested node_modules left out when `own`. */
function sizeOf(dir, { own = false } = {}) {
  let total = 0
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    const stat = lstatSync(path)
    if (stat.isDirectory()) {
      if (!(own && entry === 'node_modules')) total += sizeOf(path, { own })
    } else total += stat.size
  }
  return total
}

const MB = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`
const kB = (bytes) => `${(bytes / 1e3).toFixed(1)} kB`

const placeAndCancel = `
import { createClassicFuturesClient, version } from '@tradeline/classic-futures'
import { startSandbox } from '@tradeline/sandbox'

// A classic account: a unified (UTA) account's key gets 40085 from the classic API, as live.
const sandbox = await startSandbox({ port: 0, seed: 14, accountMode: 'classic' })
try {
  const client = createClassicFuturesClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    positionMode: 'one_way',
  })
  const placed = await client.orders.place({
    symbol: 'BTCUSDT', productType: 'USDT-FUTURES', marginMode: 'crossed', marginCoin: 'USDT',
    size: '0.01', side: 'buy', orderType: 'limit', price: '60000',
  })
  const cancelled = await client.orders.cancel({
    symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: placed.orderId,
  })
  const order = sandbox.admin.state().orders.find((o) => o.orderId === placed.orderId)
  if (cancelled.orderId !== placed.orderId || order?.status !== 'cancelled')
    throw new Error('the order was not cancelled: ' + JSON.stringify(order))
  const agent = sandbox.admin.requests().at(-1)?.userAgent ?? ''
  if (!agent.startsWith('tradeline-classic-futures/' + version + ' (+core '))
    throw new Error('unexpected User-Agent: ' + agent)
  console.log(JSON.stringify({ orderId: placed.orderId, status: order.status, userAgent: agent }))
} finally {
  await sandbox.close()
}
`

async function main() {
  const registry = await startVerdaccio()
  const scratch = temp('scratch')
  const copied = copyRepository(scratch)
  writeFileSync(
    join(scratch, '.npmrc'),
    `${readFileSync(join(root, '.npmrc'), 'utf8').trimEnd()}\n//127.0.0.1:${new URL(registry.url).port}/:_authToken=${registry.token}\n`,
  )
  log(`copied ${copied} files to ${scratch}`)
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], {
    cwd: scratch,
  })
  log('installed the scratch copy from the pnpm store')

  // Run 1: every pending changeset, every public package.
  const before = versions(scratch)
  const first = release(scratch, registry)
  const all = publicPackages(scratch).map((m) => m.name)
  const missing = all.filter((name) => !first.some((p) => p.name === name))
  if (missing.length > 0) throw new Error(`not published: ${missing.join(', ')}`)
  log(
    `run 1 published ${first.length}: ${first.map((p) => `${p.name}@${p.version} (was ${before[p.name]})`).join(', ')}`,
  )

  // The user's side: an empty folder, plain npm, one product line.
  const app = temp('app')
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module' }),
  )
  const npmEnv = {
    npm_config_registry: registry.url,
    npm_config_cache: join(app, '.npm-cache'),
    npm_config_userconfig: join(app, '.npmrc-empty'),
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  }
  run(
    'npm',
    ['install', '--registry', registry.url, '@tradeline/classic-futures', '@tradeline/sandbox'],
    { cwd: app, env: npmEnv },
  )
  const help = run('npx', ['tradeline-sandbox', '--help'], { cwd: app, env: npmEnv })
  if (!help.includes('Usage: tradeline-sandbox'))
    throw new Error(`npx tradeline-sandbox --help: ${help}`)
  log('npx tradeline-sandbox --help works from the installed package')
  writeFileSync(join(app, 'order.mjs'), placeAndCancel)
  const outcome = run(process.execPath, ['order.mjs'], { cwd: app, timeoutMs: 60_000 })
  log(`placed and cancelled an order through the installed client: ${outcome.trim()}`)

  const nodeModules = join(app, 'node_modules')
  const installed = installedPackages(nodeModules)
  // `files`: only what a user needs.
  // schemas: the generated JSON Schemas (rules, clients); explorer: the sandbox's Swagger UI files.
  const allowed = new Set([
    'package.json',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'dist',
    'bin',
    'schemas',
    'explorer',
  ])
  for (const p of installed.filter((p) => p.name.startsWith('@tradeline/'))) {
    const extra = readdirSync(p.path).filter((entry) => !allowed.has(entry))
    if (extra.length > 0) throw new Error(`${p.name} ships ${extra.join(', ')}`)
    for (const needed of ['LICENSE', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts'])
      if (!existsSync(join(p.path, needed))) throw new Error(`${p.name} lacks ${needed}`)
  }
  const total = sizeOf(nodeModules)
  // The product line alone: what @tradeline/classic-futures pulls in (its dependency closure).
  const line = new Set()
  const reach = (name) => {
    if (line.has(name) || !existsSync(join(nodeModules, name, 'package.json'))) return
    line.add(name)
    const m = JSON.parse(readFileSync(join(nodeModules, name, 'package.json'), 'utf8'))
    for (const dep of Object.keys({ ...m.dependencies, ...m.optionalDependencies })) reach(dep)
  }
  reach('@tradeline/classic-futures')
  const lineSize = [...line].reduce(
    (sum, name) => sum + sizeOf(join(nodeModules, name), { own: true }),
    0,
  )
  const weigh = (name) => {
    const found = installed.filter((p) => p.name === name)
    return found.reduce((sum, p) => sum + sizeOf(p.path, { own: true }), 0)
  }
  const lines = [
    `packages installed (@tradeline/classic-futures + @tradeline/sandbox): ${installed.length} (goal <= 8): ${installed.map((p) => p.name).join(', ')}`,
    `size on disk of node_modules (bytes of its files): ${MB(total)}`,
    `the product line alone (@tradeline/classic-futures and its dependencies): ${line.size} packages (goal <= 8), ${MB(lineSize)}: ${[...line].join(', ')}`,
    ...['valibot', 'decimal.js', 'undici'].map(
      (name) => `  ${name}: ${kB(weigh(name))} (${((weigh(name) / total) * 100).toFixed(1)}%)`,
    ),
    `  @tradeline/*: ${kB(installed.filter((p) => p.name.startsWith('@tradeline/')).reduce((s, p) => s + sizeOf(p.path, { own: true }), 0))}`,
  ]
  // bitget-api (the version the bench compares with), installed and weighed the same way.
  const peer = temp('peer')
  writeFileSync(join(peer, 'package.json'), JSON.stringify({ name: 'peer', private: true }))
  run('npm', ['install', '--registry', registry.url, 'bitget-api@3.2.3'], {
    cwd: peer,
    env: { ...npmEnv, npm_config_cache: join(peer, '.npm-cache') },
  })
  const peerInstalled = installedPackages(join(peer, 'node_modules'))
  lines.push(
    `bitget-api 3.2.3 installed the same way: ${peerInstalled.length} packages, ${MB(sizeOf(join(peer, 'node_modules')))}`,
  )
  for (const line of lines) log(line)

  // Run 2: a changeset for @tradeline/rules alone.
  writeFileSync(
    join(scratch, '.changeset/release-verify-rules.md'),
    "---\n'@tradeline/rules': patch\n---\n\nChanged a rule (release:verify's second run).\n",
  )
  const middle = versions(scratch)
  const second = release(scratch, registry)
  const after = versions(scratch)
  const manifests = publicPackages(scratch)
  // Expected: rules, and every public package that depends on a bumped one (transitively).
  const expected = new Set(['@tradeline/rules'])
  for (let grew = true; grew; ) {
    grew = false
    for (const m of manifests) {
      const deps = { ...m.dependencies, ...m.optionalDependencies, ...m.peerDependencies }
      if (!expected.has(m.name) && Object.keys(deps).some((d) => expected.has(d))) {
        expected.add(m.name)
        grew = true
      }
    }
  }
  const patch = (from, to) => {
    const [a, b, c] = from.split('.').map(Number)
    return to === `${a}.${b}.${c + 1}`
  }
  const problems = []
  for (const name of Object.keys(after)) {
    const published = second.find((p) => p.name === name)
    if (expected.has(name)) {
      if (!published) problems.push(`${name} was not published`)
      else if (published.version !== after[name] || after[name] === middle[name])
        problems.push(
          `${name} published ${published.version}, its version went ${middle[name]} -> ${after[name]}`,
        )
      else if (name !== '@tradeline/rules' && !patch(middle[name], after[name]))
        problems.push(`${name}: ${middle[name]} -> ${after[name]} is not a patch bump`)
    } else if (published || after[name] !== middle[name])
      problems.push(`${name} has no change and was bumped or published`)
  }
  for (const p of second)
    if (!(p.name in after)) problems.push(`${p.name} is not a public package of the workspace`)
  // The dependents as published point at the new rules.
  for (const p of second.filter((p) => p.name !== '@tradeline/rules')) {
    const packument = await getJson(`${registry.url}${p.name.replace('/', '%2f')}`)
    const range = packument.versions[p.version]?.dependencies?.['@tradeline/rules']
    if (range !== undefined && range !== `^${after['@tradeline/rules']}`)
      problems.push(`${p.name}@${p.version} depends on @tradeline/rules ${range}`)
  }
  if (problems.length > 0) throw new Error(`run 2: ${problems.join('; ')}`)
  log(
    `run 2 (a changeset for @tradeline/rules alone) published exactly ${second.map((p) => `${p.name} ${middle[p.name]} -> ${p.version}`).join(', ')}`,
  )
  const packument = await getJson(`${registry.url}@tradeline%2frules`)
  log(`the registry holds @tradeline/rules ${Object.keys(packument.versions).join(', ')}`)
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const deadline = setTimeout(() => {
  console.error('release:verify ran past 20 minutes: stopping')
  cleanUp()
  process.exit(1)
}, 20 * 60_000)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    cleanUp()
    process.exit(130)
  })

try {
  await main()
} catch (error) {
  console.error(
    `release:verify failed: ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''}`,
  )
  if (verdaccio)
    console.error(`verdaccio: exit ${verdaccio.exitCode}; ${verdaccioOutput.slice(-2000)}`)
  process.exitCode = 1
} finally {
  clearTimeout(deadline)
  cleanUp()
}
