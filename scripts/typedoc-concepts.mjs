// A TypeDoc plugin (typedoc.json `plugin`): files each export of a client package under the
// concept a user looks for it by, so the API reference's navigation and each package's index read
// "Orders", "Market data", "Account and positions", ... instead of one alphabetical list per kind.
//
// An action's concept is the group its client binds it under (`orders: bindActions(c, { place:
// placeOrder, ... })` in `create*Client.ts`), read from that source, so the reference follows the
// client's own grouping and a new action lands in its group without an edit here. The rest is
// filed by what it is: errors, records (the schemas and their types), clients and streams.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, sep } from 'node:path'
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc'

/** Titles of the client groups whose key does not read as one. */
const titles = {
  orders: 'Orders',
  batch: 'Batch orders',
  strategy: 'Strategy orders',
  plans: 'Plan orders',
  countdown: 'Dead-man switch',
  market: 'Market data',
  account: 'Account and positions',
}
const titleOf = (key) => titles[key] ?? key.charAt(0).toUpperCase() + key.slice(1)

/**
 * The client groups of a package's `src`: action name -> concept, from the `create*Client.ts`
 * that binds them. A group is a key indented six spaces in the function's `extendClient` block;
 * every imported action named inside it belongs to it. A client with no groups (savings) files
 * its actions under its product line.
 */
export function actionConcepts(src, productLine) {
  const concepts = new Map()
  const clients = readdirSync(src).filter((f) => /^create\w+Client\.ts$/.test(f) && !/Base/.test(f))
  for (const file of clients) {
    const text = readFileSync(join(src, file), 'utf8')
    const actions = new Set()
    for (const m of text.matchAll(/import \{([^}]+)\} from '\.\/actions\/[^']+'/g))
      for (const name of m[1].split(','))
        if (name.trim()) actions.add(name.trim().replace(/^type /, ''))
    const start = text.indexOf('extendClient(')
    if (start < 0) continue
    let group
    for (const line of text.slice(start).split('\n')) {
      const key = /^ {6}(\w+): /.exec(line)
      if (key) group = key[1]
      // A spread at the top of the block binds actions on the client itself.
      if (/^ {6}\.\.\./.test(line)) group = undefined
      for (const word of line.match(/\b\w+\b/g) ?? [])
        if (actions.has(word) && !concepts.has(word))
          concepts.set(word, group ? titleOf(group) : topLevel(word, productLine))
    }
  }
  return concepts
}

/** An action bound on the client itself: money moves go with the account, the rest under the line. */
const topLevel = (name, productLine) =>
  /transfer|account|asset|position/i.test(name) ? 'Account and positions' : productLine

/** The four client packages: their folder and product line. */
const clients = {
  unified: 'Unified account',
  'classic-futures': 'Classic futures',
  securities: 'Securities',
  savings: 'Savings',
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    // Packages are converted one at a time: the project is the package.
    const folder = String(context.project.packageName ?? context.project.name).replace(
      '@tradeline/',
      '',
    )
    if (!(folder in clients)) return
    const concepts = actionConcepts(join(process.cwd(), 'packages', folder, 'src'), clients[folder])
    for (const child of context.project.children ?? []) {
      const file = child.sources?.[0]?.fullFileName ?? ''
      child.comment ??= new Comment()
      const text = conceptOf(child, file, concepts)
      child.comment.blockTags.push(new CommentTag('@category', [{ kind: 'text', text }]))
    }
  })
}

/** The concept of one export of a client package. */
function conceptOf(reflection, file, concepts) {
  const name = reflection.name
  const folder = dirname(file).split(sep).at(-1)
  // An action's namespace (its Parameters, ReturnType and ErrorType) beside the function.
  if (reflection.kindOf(ReflectionKind.Namespace)) return 'Action types'
  if (concepts.has(name)) return concepts.get(name)
  if (reflection.kindOf(ReflectionKind.Class) && name.endsWith('Error')) return 'Errors'
  if (/^create\w+(Client|Stream)$/.test(name) || name === 'DeadManSwitch')
    return 'Clients and streams'
  if (folder === 'stream' || folder === 'market' || /Stream|Topic/.test(name)) return 'Streams'
  if (folder === 'schemas' || /(Record|Records|Page|Ack|Row|Rows)$/.test(name)) return 'Records'
  if (folder === 'actions') return 'Other actions'
  return 'Helpers and types'
}
