import { StrategySupport } from '@tradeline/rules'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { launch, serve } from './test/browser.js'

let browser: Browser
let server: Awaited<ReturnType<typeof serve>>
const requested: string[] = []

beforeAll(async () => {
  server = await serve(inject('dist'))
  browser = await launch()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Opens a ticket of the built page in a fresh context; every request is recorded. */
async function open(ticket: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.on('request', (request) => requested.push(request.url()))
  await page.goto(`${server.url}#${ticket}`)
  await page.locator(`#${ticket}`).waitFor()
  return page
}

/** The text a person sees in an element: empty while it or an ancestor is not rendered. */
function shown(locator: Locator): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here
  return locator.innerText()
}

/** The request body the page shows, parsed; `undefined` while the ticket is invalid. */
async function body(page: Page, ticket: string): Promise<unknown> {
  const pre = page.locator(`#${ticket}-body`)
  if (!(await pre.evaluate((el) => el.classList.contains('ready')))) return undefined
  return JSON.parse(await shown(pre))
}

describe('order-ticket page', () => {
  test('issue #6: "fill a futures ticket with a price off the tick, see the message at the price field, press round, see it pass and the request body appear"', async () => {
    const page = await open('unified')
    await page.fill('#unified-price', '65000.37')
    const error = page.locator('#unified-price-err')
    await expect
      .poll(() => shown(error))
      .toContain(
        'price: expected a multiple of 0.1 (priceMultiplier of BTCUSDT), received "65000.37"',
      )
    expect(await page.getAttribute('#unified-price', 'aria-invalid')).toBe('true')
    expect(await body(page, 'unified')).toBeUndefined()

    await page.click('#unified-round')
    expect(await page.inputValue('#unified-price')).toBe('65000.4')
    expect(await shown(error)).toBe('')
    expect(await page.getAttribute('#unified-price', 'aria-invalid')).toBeNull()
    expect(await body(page, 'unified')).toEqual({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      qty: '0.01',
      side: 'buy',
      orderType: 'limit',
      price: '65000.4',
      timeInForce: 'gtc',
      posSide: 'long',
    })
    await page.context().close()
  })

  test('issue #6: "switch to one-way mode and see `posSide` rejected"; the intent then maps to `reduceOnly`', async () => {
    const page = await open('unified')
    expect(await body(page, 'unified')).toMatchObject({ posSide: 'long' })
    await page.check('#unified-mode-one_way')
    await expect
      .poll(() => shown(page.locator('#unified-posSide-err')))
      .toBe('posSide: expected no value in one-way mode (hedge mode only), received "long"')
    expect(await body(page, 'unified')).toBeUndefined()

    await page.selectOption('#unified-mode-intent', 'close_long')
    expect(await shown(page.locator('#unified-mode-mapping'))).toBe(
      '{"side":"sell","reduceOnly":"yes"}',
    )
    await page.getByRole('button', { name: 'Apply to ticket' }).click()
    const sent = await body(page, 'unified')
    expect(sent).toMatchObject({ side: 'sell', reduceOnly: 'yes' })
    expect(sent).not.toHaveProperty('posSide')
    await page.context().close()
  })

  test('issue #6: "pick an oco strategy on USDT futures and see it refused with the matrix reason"', async () => {
    const page = await open('strategy')
    const reason = StrategySupport.reason('oco', 'USDT-FUTURES')!
    expect(await shown(page.locator('#strategy-support li', { hasText: 'oco' }))).toBe(
      `oco: disabled, ${reason}`,
    )
    await page.selectOption('#strategy-type', 'oco')
    await expect.poll(() => shown(page.locator('#strategy-type-err'))).toBe(`type: ${reason}`)
    expect(await page.locator('.summary li').allInnerTexts()).toContain(`type: ${reason}`)

    // On spot the matrix allows oco: only the oco parameters are missing, shown at the first.
    await page.selectOption('#strategy-category', 'SPOT')
    await expect.poll(() => shown(page.locator('#strategy-type-err'))).toBe('')
    expect(await shown(page.locator('#strategy-ocoParams-0-ocoLimitPrice-err'))).toContain(
      'ocoParams: expected a value (required when type=oco)',
    )
    await page.context().close()
  })

  test('issue #6: "a securities TSLPPCT order without `trailingPercent` refused"', async () => {
    const page = await open('securities')
    await page.selectOption('#securities-orderType', 'TSLPPCT')
    await expect
      .poll(() => shown(page.locator('#securities-trailingPercent-err')))
      .toBe('trailingPercent: expected a value when orderType is TSLPPCT, received undefined')
    expect(await page.isHidden('#securities-submittedPrice')).toBe(true)

    await page.fill('#securities-trailingPercent', '1.5')
    await page.fill('#securities-limitOffset', '0.1')
    expect(await body(page, 'securities')).toEqual({
      symbol: 'AAPL.US',
      orderType: 'TSLPPCT',
      side: 'Buy',
      submittedQuantity: '10',
      timeInForce: 'Day',
      limitOffset: '0.1',
      trailingPercent: '1.5',
      outsideRth: 'RTHOnly',
    })
    await page.context().close()
  })

  test('issue #6: "Accessible: labels, keyboard use, error text tied to fields"', async () => {
    const page = await open('classic')
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select')]
        .filter((el) => (el as HTMLInputElement).labels?.length === 0)
        .map((el) => el.id),
    )
    expect(unlabelled).toEqual([])

    // Keyboard only: type an off-step size, follow the summary link, round with Enter.
    await page.focus('#classic-size')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('0.0105')
    const described = await page.getAttribute('#classic-size', 'aria-describedby')
    await expect
      .poll(() => shown(page.locator(`#${described}`)))
      .toContain('size: expected a multiple of 0.001')
    await page.locator('.summary a', { hasText: 'size:' }).focus()
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('classic-size')
    await page.focus('#classic-round')
    await page.keyboard.press('Enter')
    expect(await page.inputValue('#classic-size')).toBe('0.01')
    expect(await body(page, 'classic')).toMatchObject({ size: '0.01', tradeSide: 'open' })
    await page.context().close()
  })

  test('issue #6: "imports only `@tradeline/rules` (no client, no network)": every request is the page itself', () => {
    expect(requested.length).toBeGreaterThan(0)
    expect(requested.filter((url) => !url.startsWith(server.url))).toEqual([])
  })
})
