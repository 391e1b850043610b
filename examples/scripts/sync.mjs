// Rewrites every README code block named by `<!-- example: examples/NAME.ts -->` with the
// current text of that file (`pnpm --filter @tradeline/readme-examples sync`). The test
// (test/readme.test.ts) fails when a block and its file differ.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../', import.meta.url))
const readmes = [
  'README.md',
  ...readdirSync(`${root}packages`).map((name) => `packages/${name}/README.md`),
]
const named = /<!-- example: examples\/([\w.-]+) -->\n(\s*\n)*```ts\n(?:[\s\S]*?\n)??```\n/g

for (const readme of readmes) {
  let text
  try {
    text = readFileSync(`${root}${readme}`, 'utf8')
  } catch {
    continue
  }
  const synced = text.replace(named, (_, name) => {
    const code = readFileSync(`${root}examples/${name}`, 'utf8')
    return `<!-- example: examples/${name} -->\n\`\`\`ts\n${code}\`\`\`\n`
  })
  if (synced !== text) {
    writeFileSync(`${root}${readme}`, synced)
    console.log(`synced ${readme}`)
  }
}
