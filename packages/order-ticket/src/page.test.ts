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
  test('fill a futures ticket with a price off the tick, see the message at the price field, press round, see it pass and the request body appear', async () => {
    const page = await open('unified')
    await page.fill('#unified-price', '65000.37')
    const error = page.locator('#unified-price-err')
    await expect.poll(() => shown(error)).toContain('a multiple of 0.1 (price step of BTCUSDT)')
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

  test('switch to one-way mode and see `posSide` rejected; the intent then maps to `reduceOnly`', async () => {
    const page = await open('unified')
    expect(await body(page, 'unified')).toMatchObject({ posSide: 'long' })
    await page.check('#unified-mode-one_way')
    await expect
      .poll(() => shown(page.locator('#unified-posSide-err')))
      .toBe('Expected no value in one-way mode (hedge mode only), received "long"')
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

  test('pick an oco strategy on USDT futures and see it refused with the matrix reason', async () => {
    const page = await open('strategy')
    const reason = StrategySupport.reason('oco', 'USDT-FUTURES')!
    expect(await shown(page.locator('#strategy-support li', { hasText: 'oco' }))).toBe(
      `oco: disabled, ${reason}`,
    )
    await page.selectOption('#strategy-type', 'oco')
    await expect
      .poll(() => shown(page.locator('#strategy-type-err')))
      .toBe(reason[0]!.toUpperCase() + reason.slice(1))
    expect(await page.locator('.summary li').allInnerTexts()).toContain(`Strategy type: ${reason}`)

    // On spot the matrix allows oco: only the oco parameters are missing, shown at the first.
    await page.selectOption('#strategy-category', 'SPOT')
    await expect.poll(() => shown(page.locator('#strategy-type-err'))).toBe('')
    expect(await shown(page.locator('#strategy-ocoParams-0-ocoLimitPrice-err'))).toContain(
      'OCO parameters: expected a value (required when type=oco)',
    )
    await page.context().close()
  })

  test('a securities TSLPPCT order without `trailingPercent` refused', async () => {
    const page = await open('securities')
    await page.selectOption('#securities-orderType', 'TSLPPCT')
    await expect
      .poll(() => shown(page.locator('#securities-trailingPercent-err')))
      .toBe('Expected a value when order type is TSLPPCT, received undefined')
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

  test('Accessible: labels, keyboard use, error text tied to fields', async () => {
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
      .toContain('Expected a multiple of 0.001')
    await page.locator('.summary a', { hasText: 'Size:' }).focus()
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('classic-size')
    await page.focus('#classic-round')
    await page.keyboard.press('Enter')
    expect(await page.inputValue('#classic-size')).toBe('0.01')
    expect(await body(page, 'classic')).toMatchObject({ size: '0.01', tradeSide: 'open' })
    await page.context().close()
  })

  test('imports only `@tradeline/rules` (no client, no network): every request is the page itself', () => {
    expect(requested.length).toBeGreaterThan(0)
    expect(requested.filter((url) => !url.startsWith(server.url))).toEqual([])
  })

  test('a new user: every field and instrument attribute has a human label, the wire name stays beside it as a hint', async () => {
    for (const ticket of ['unified', 'classic', 'securities', 'strategy']) {
      const page = await open(ticket)
      const fields = await page.locator(`#${ticket}`).evaluate((section) =>
        [...section.querySelectorAll('input, select')].map((el) => {
          const control = el as HTMLInputElement
          return {
            id: control.id,
            label: control.labels?.[0]?.textContent?.trim() ?? '',
            hint: control.closest('.field')?.querySelector('code')?.textContent ?? '',
          }
        }),
      )
      expect(fields.length).toBeGreaterThan(0)
      for (const { id, label } of fields) {
        // "Price step", not "priceMultiplier"; "One-way", not "one_way" ("rToken" is a product).
        expect(label, id).toMatch(/^[A-Z]/)
        expect(label.replace('rToken', ''), id).not.toMatch(/_|[a-z][A-Z]/)
      }
      // Every request field keeps its wire name (the last key of its path) as a hint beside its label.
      const wire = await page
        .locator(`#${ticket} [name]:not([type=radio])`)
        .evaluateAll((els) =>
          els.map((el) => [
            el.getAttribute('name'),
            el.closest('.field')?.querySelector('code')?.textContent,
          ]),
        )
      for (const [name, hint] of wire) expect(hint, name ?? '').toBe(name?.split('.').at(-1))
      expect(await page.locator(`#${ticket} option`, { hasText: '(not sent)' }).count()).toBe(0)
      await page.context().close()
    }

    const page = await open('unified')
    const step = page.locator('#unified').getByLabel('Price step', { exact: true })
    expect(await step.inputValue()).toBe('0.1')
    expect(
      await step.evaluate((el) => el.closest('.field')?.querySelector('code')?.textContent),
    ).toBe('priceMultiplier')
    expect(
      await page
        .locator('#unified')
        .getByLabel('Position side', { exact: true })
        .getAttribute('name'),
    ).toBe('posSide')
    expect(await page.locator('#unified-reduceOnly option[value=""]').textContent()).toBe(
      'Not sent to the exchange',
    )
    await page.context().close()
  })

  test('a new user: the message beside a field does not repeat the field name; the summary names it once', async () => {
    const page = await open('unified')
    await page.fill('#unified-qty', '0.0105')
    await page.check('#unified-mode-one_way')
    await expect.poll(() => shown(page.locator('#unified-posSide-err'))).toMatch(/one-way/)
    const errors = await page.locator('#unified .field').evaluateAll((wraps) =>
      wraps
        .map((wrap) => ({
          label: wrap.querySelector('label')?.textContent?.trim() ?? '',
          wire: wrap.querySelector('code')?.textContent ?? '',
          message: wrap.querySelector('.err')?.textContent ?? '',
        }))
        .filter((field) => field.message),
    )
    expect(errors.map((field) => field.wire).sort()).toEqual(['posSide', 'qty'])
    for (const { label, wire, message } of errors) {
      expect(message.toLowerCase().startsWith(wire.toLowerCase()), message).toBe(false)
      expect(message.toLowerCase().startsWith(label.toLowerCase()), message).toBe(false)
      expect(message).toMatch(/^[A-Z]/)
    }
    const summary = await page.locator('#unified .summary li').allInnerTexts()
    expect(summary).toHaveLength(2)
    for (const { label, message } of errors) {
      const entry = summary.find((text) => text.startsWith(`${label}: `))
      expect(entry, label).toBeDefined()
      // Named once: the label, then the message without another copy of the name.
      expect(entry!.slice(label.length + 2).toLowerCase()).toBe(message.toLowerCase())
    }
    await page.context().close()
  })

  test('a new user: one off-tick price is one message at the field and one summary entry', async () => {
    const page = await open('unified')
    // BTCUSDT: price step 0.1 and one decimal place; 65000.37 breaks both with one mistake.
    await page.fill('#unified-price', '65000.37')
    await expect.poll(() => page.getAttribute('#unified-price', 'aria-invalid')).toBe('true')
    expect(await page.locator('#unified-price-err > *').count()).toBe(1)
    expect(await shown(page.locator('#unified-price-err'))).toContain('0.1')
    expect(await page.locator('#unified .summary li').count()).toBe(1)
    await page.context().close()
  })

  test('a new user: required fields are marked, `price` exactly when orderType is limit (and the others the rules require)', async () => {
    /** Whether a field is marked required for assistive technology, the browser and the eye. */
    const required = (page: Page, id: string) =>
      page.locator(`#${id}`).evaluate((el) => {
        const control = el as HTMLInputElement
        const mark = control.closest('.field')?.querySelector<HTMLElement>('.req')
        const seen = !!mark && mark.checkVisibility() && mark.offsetWidth > 0
        const aria = control.getAttribute('aria-required') === 'true'
        if (aria !== control.required || aria !== seen)
          return `mixed ${aria} ${control.required} ${seen}`
        return aria
      })

    const page = await open('unified')
    expect(await required(page, 'unified-symbol')).toBe(true)
    expect(await required(page, 'unified-price')).toBe(true)
    expect(await required(page, 'unified-clientOid')).toBe(false)
    await page.selectOption('#unified-orderType', 'market')
    await expect.poll(() => required(page, 'unified-price')).toBe(false)
    await page.selectOption('#unified-orderType', 'limit')
    await expect.poll(() => required(page, 'unified-price')).toBe(true)
    // A preset limit price (under "More fields") is required once its order type is limit.
    await page.locator('#unified details > summary').click()
    expect(await required(page, 'unified-tpLimitPrice')).toBe(false)
    await page.selectOption('#unified-tpOrderType', 'limit')
    await expect.poll(() => required(page, 'unified-tpLimitPrice')).toBe(true)
    await page.context().close()

    const securities = await open('securities')
    expect(await required(securities, 'securities-submittedPrice')).toBe(true)
    await securities.selectOption('#securities-orderType', 'TSLPPCT')
    await expect.poll(() => required(securities, 'securities-trailingPercent')).toBe(true)
    // limitOffset is required at limitDepthLevel 0 (also when absent), not at another level.
    expect(await required(securities, 'securities-limitOffset')).toBe(true)
    await securities.locator('#securities details > summary').click()
    await securities.fill('#securities-limitDepthLevel', '1')
    await expect.poll(() => required(securities, 'securities-limitOffset')).toBe(false)
    expect(await required(securities, 'securities-monitorPrice')).toBe(false)
    await securities.context().close()

    const strategy = await open('strategy')
    await strategy.selectOption('#strategy-category', 'SPOT')
    await strategy.selectOption('#strategy-type', 'oco')
    await expect.poll(() => required(strategy, 'strategy-ocoParams-0-ocoLimitPrice')).toBe(true)
    expect(await required(strategy, 'strategy-ocoParams-0-ocoOrderPrice')).toBe(false)
    await strategy.context().close()
  })

  test('a new user: only a short status is a live region, and it changes only when the status does', async () => {
    const page = await open('unified')
    const live = page.locator(
      '#unified :is([aria-live], [role=status], [role=alert], [role=log], output)',
    )
    expect(await live.count()).toBe(1)
    expect(await live.locator('li, a').count()).toBe(0)
    expect(await shown(live)).toBe('Ready to send')
    await live.evaluate((el) => {
      const changes: string[] = []
      Object.assign(window, { changes })
      new MutationObserver(() => changes.push(el.textContent ?? '')).observe(el, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    // Eight keystrokes; the price is valid after most of them.
    await page.focus('#unified-price')
    await page.keyboard.press('Control+A')
    await page.keyboard.type('65000.37', { delay: 20 })
    await expect.poll(() => shown(live)).toBe('1 problem')
    const changes = await page.evaluate(() => (window as unknown as { changes: string[] }).changes)
    const texts = ['Ready to send', ...changes]
    expect(texts.at(-1)).toBe('1 problem')
    for (let i = 1; i < texts.length; i++) expect(texts[i], String(texts)).not.toBe(texts[i - 1])
    expect(changes.length).toBeLessThan(8)
    await page.context().close()
  })

  test('a new user: a label finds exactly one field, the hidden tickets expose none', async () => {
    const page = await open('unified')
    expect(await page.getByLabel('Price', { exact: true }).count()).toBe(1)
    expect(await page.getByLabel('Price', { exact: true }).getAttribute('id')).toBe('unified-price')
    expect(await page.locator('#classic-price, #securities-symbol, #strategy-symbol').count()).toBe(
      0,
    )

    await page.getByRole('button', { name: 'Classic futures' }).click()
    expect(await page.getByLabel('Price', { exact: true }).count()).toBe(1)
    expect(await page.getByLabel('Price', { exact: true }).getAttribute('id')).toBe('classic-price')
    await page.getByLabel('Price', { exact: true }).fill('64000.1')
    // Switching back and forth keeps what was typed.
    await page.getByRole('button', { name: 'Unified account' }).click()
    expect(await page.locator('#classic-price').count()).toBe(0)
    await page.getByRole('button', { name: 'Classic futures' }).click()
    expect(await page.inputValue('#classic-price')).toBe('64000.1')
    await page.context().close()
  })

  test('a new user: "Round to tick/lot" writes a value the exchange accepts, without trailing zeros or extra decimals', async () => {
    const page = await open('unified')
    // An instrument whose steps are written with trailing zeros, and no decimal places given.
    await page.fill('#unified-instrument-priceMultiplier', '0.50')
    await page.fill('#unified-instrument-pricePrecision', '')
    await page.fill('#unified-price', '100.46')
    await page.fill('#unified-qty', '0.0105')
    await page.click('#unified-round')
    expect(await page.inputValue('#unified-price')).toBe('100.5')
    expect(await page.inputValue('#unified-qty')).toBe('0.01')
    expect(await body(page, 'unified')).toMatchObject({ price: '100.5', qty: '0.01' })

    // Never more decimals than pricePrecision, whatever the step.
    for (const [step, precision, price, rounded] of [
      ['0.05', '1', '100.46', '100.5'],
      ['0.10', '2', '100.46', '100.5'],
      ['0.25', '2', '100.4', '100.5'],
      ['1', '0', '100.46', '100'],
    ]) {
      await page.fill('#unified-instrument-priceMultiplier', step!)
      await page.fill('#unified-instrument-pricePrecision', precision!)
      await page.fill('#unified-price', price!)
      await page.click('#unified-round')
      const value = await page.inputValue('#unified-price')
      expect(value, `${price} on ${step} at ${precision} places`).toBe(rounded)
      expect(value).not.toMatch(/\.\d*0$|\.$/)
      expect(await body(page, 'unified')).toMatchObject({ price: rounded })
    }

    // A malformed size step is reported at the instrument and does not stop the price rounding.
    const errors: Error[] = []
    page.on('pageerror', (error) => errors.push(error))
    await page.fill('#unified-instrument-sizeMultiplier', '0')
    await page.fill('#unified-price', '100.3')
    await page.click('#unified-round')
    expect(await page.inputValue('#unified-price')).toBe('100')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
