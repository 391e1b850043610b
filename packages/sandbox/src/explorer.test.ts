// The API explorer in Debian's Chromium (never a downloaded browser): the page loads from the
// sandbox alone, a place-order typed into Swagger UI is signed in the page and answered
// `00000`, and an off-tick price is answered with the rule's message.
import { mkdirSync } from 'node:fs'
import { chromiumLaunchOptions } from '@tradeline/vitest-config/chromium'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningSandbox, startSandbox } from './server.js'

let sandbox: RunningSandbox
let browser: Browser
/** Every URL the pages asked for: the explorer must not leave the sandbox. */
const requested: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 29 })
  browser = await chromium.launch(chromiumLaunchOptions)
})

afterAll(async () => {
  await browser?.close()
  await sandbox?.close()
})

/** Swagger UI escapes the dot of an operation id with a backslash in the element id. */
/** The text a person sees in an element. */
function shown(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a person reads
  return locator.innerText()
}

const operation = '[id="operations-unified-unified\\\\.placeOrder"]'

/** Opens the explorer on unified place-order, in "try it out" mode, by its deep link. */
async function openPlaceOrder(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } })
  page.on('request', (request) => requested.push(request.url()))
  // The deep link opens the operation and scrolls to it: with 150 tags and operations or more,
  // Swagger UI renders only those in view, so a click could not reach it by its id.
  await page.goto(`${sandbox.url}/explorer#/unified/unified.placeOrder`)
  await page.locator(`${operation} textarea.body-param__text`).waitFor({ timeout: 60_000 })
  return page
}

/** Sends a body from the explorer and returns the response body it shows. */
async function send(page: Page, body: object): Promise<string> {
  await page.locator(`${operation} textarea.body-param__text`).fill(JSON.stringify(body, null, 2))
  await page.locator(`${operation} button.execute`).click()
  const answer = page.locator(`${operation} .live-responses-table .response-col_description pre`)
  await answer.first().waitFor({ timeout: 60_000 })
  return shown(answer.first())
}

/** A futures limit order on the tick (one-way mode: no posSide). */
const order = {
  symbol: 'BTCUSDT',
  category: 'USDT-FUTURES',
  qty: '0.01',
  price: '60000.5',
  orderType: 'limit',
  side: 'buy',
  timeInForce: 'gtc',
}

describe('explorer', { timeout: 120_000 }, () => {
  test('the page loads with the key prefilled, a signed place-order is answered 00000 and the order is on the book', async () => {
    const page = await openPlaceOrder()
    expect(await page.inputValue('#apiKey')).toBe(sandbox.credentials.apiKey)
    expect(await page.inputValue('#secret')).toBe(sandbox.credentials.secret)
    // The form starts from the document's example request, not placeholder text.
    const prefilled = await page.inputValue(`${operation} textarea.body-param__text`)
    expect(JSON.parse(prefilled)).toMatchObject({ symbol: 'BTCUSDT', price: '60000', qty: '0.01' })
    const answer = JSON.parse(await send(page, { ...order, clientOid: 'explorer-1' }))
    expect(answer).toMatchObject({ code: '00000', data: { clientOid: 'explorer-1' } })
    await expect
      .poll(() => shown(page.locator('#rules')))
      .toContain('unified.placeOrder: the rules accept this request')
    await page.locator(`${operation} .live-responses-table`).scrollIntoViewIfNeeded()
    mkdirSync('/work/notes/shots', { recursive: true })
    await page.screenshot({ path: '/work/notes/shots/explorer.png', fullPage: false })
    const open = await sandbox.admin.state()
    expect(JSON.stringify(open)).toContain('explorer-1')
    await page.close()
  })

  test('an off-tick price shows the rule message (price step of the instrument), and the exchange answer refuses it', async () => {
    const page = await openPlaceOrder()
    const answer = JSON.parse(await send(page, { ...order, price: '60000.55' }))
    expect(answer.code).not.toBe('00000')
    const rules = page.locator('#rules')
    await expect
      .poll(() => shown(rules))
      .toContain(
        'price: expected a multiple of 0.1 (priceMultiplier of BTCUSDT), received "60000.55"',
      )
    expect(await shown(rules)).toContain('the rules refuse this request')
    await page.screenshot({ path: '/work/notes/shots/explorer-off-tick.png' })
    await page.close()
  })

  test('the page and its assets come from the sandbox only (no CDN)', () => {
    expect(requested.length).toBeGreaterThan(0)
    expect(requested.filter((url) => !url.startsWith(sandbox.url))).toEqual([])
  })
})
