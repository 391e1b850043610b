// Copies the two Swagger UI files the explorer page loads (and their licence) from the
// swagger-ui-dist devDependency into explorer/, shipped with the package: the explorer works
// offline and installing the sandbox adds no package.
import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const from = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const to = new URL('../explorer/', import.meta.url).pathname
mkdirSync(to, { recursive: true })
for (const name of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE', 'NOTICE'])
  copyFileSync(join(from, name), join(to, name))
