// Sums the verdict counts of every test worker (agreement.ts) and prints them once.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { countsDir } from './agreement.js'

export function setup(): () => void {
  rmSync(countsDir, { recursive: true, force: true })
  return () => {
    const total = { expressed: 0, describedOnly: 0, notJson: 0, disagreements: 0 }
    let files: string[] = []
    try {
      files = readdirSync(countsDir)
    } catch {}
    for (const file of files)
      for (const line of readFileSync(`${countsDir}/${file}`, 'utf8').split('\n').filter(Boolean)) {
        const counts = JSON.parse(line) as typeof total
        total.expressed += counts.expressed
        total.describedOnly += counts.describedOnly
        total.notJson += counts.notJson
        total.disagreements += counts.disagreements ?? 0
      }
    const cases = total.expressed + total.describedOnly + total.disagreements
    if (cases === 0) return
    const line = `JSON Schema agreement: ${cases} checked requests, ${total.expressed} expressed (Ajv gives the verdict of Endpoint.check), ${total.describedOnly} described only (x-tradeline-checks / x-tradeline-rules with a reason), ${total.disagreements} disagreements, ${total.notJson} not JSON`
    console.log(line)
    writeFileSync(`${countsDir}/../schema-agreement.json`, `${JSON.stringify(total)}\n`)
  }
}
