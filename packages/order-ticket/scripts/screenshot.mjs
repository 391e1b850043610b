#!/usr/bin/env node
// Takes docs/screenshot.png for the README: builds the page, serves it with `vite preview` on
// 127.0.0.1 and drives Debian's Chromium with playwright-core to a futures ticket whose price
// is off the tick.
//
//   pnpm --filter @tradeline/order-ticket screenshot
import { fileURLToPath } from 'node:url'
import { chromiumLaunchOptions } from '@tradeline/vitest-config/chromium'
import { chromium } from 'playwright-core'
import { build, preview } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
await build({ root, logLevel: 'warn' })
const server = await preview({ root, preview: { host: '127.0.0.1', port: 4700 } })
const url = server.resolvedUrls?.local[0]
const browser = await chromium.launch(chromiumLaunchOptions)
try {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  })
  await page.goto(`${url}#unified`)
  await page.fill('#unified-price', '65000.37')
  await page.focus('#unified-price')
  await page.screenshot({ path: `${root}docs/screenshot.png`, fullPage: true })
  console.log('wrote docs/screenshot.png')
} finally {
  await browser.close()
  await server.close()
}
