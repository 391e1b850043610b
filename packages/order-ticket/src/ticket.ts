/**
 * One order ticket: a form built from an endpoint's schema, checked with `Endpoint.check` on
 * every keystroke; each issue is shown at its field (from its `path`) and in a summary, and
 * the request body is shown once the ticket passes.
 */
import {
  Endpoint,
  type Instrument,
  type Issue,
  type PositionMode,
  TickSize,
} from '@tradeline/rules'
import { type Child, h, labelled } from './h.js'
import { label } from './labels.js'
import { capitalise, messages } from './messages.js'
import { type Field, fieldsOf, type JsonSchema } from './schema.js'

/** The text of every input, by field key; an empty text means "not sent". */
export type Values = Record<string, string>

/** What a product line's ticket shows. */
export type Spec = {
  /** Short id, used in element ids and the page's URL hash. */
  readonly id: string
  /** The product line's name. */
  readonly title: string
  /** The endpoint whose rules check the form. */
  readonly endpoint: Endpoint.Endpoint<any, any>
  /** The endpoint's request JSON Schema (@tradeline/rules `schemas/requests`): the form's fields. */
  readonly schema: JsonSchema
  /** Keys shown first, space-separated; the other fields sit under "More fields". */
  readonly main: string
  /** The values the ticket starts with. */
  readonly values: Values
  /** Whether a field belongs to the ticket as it stands (hidden fields are not sent). */
  readonly visible?: ((key: string, values: Values) => boolean) | undefined
  /** Panels above the fields: instrument picker, position mode, strategy support. */
  readonly panels?: readonly ((ticket: Ticket) => Child)[] | undefined
}

/** A rendered ticket, as its panels see it. */
export type Ticket = {
  readonly form: Spec
  /** The current text of every field. */
  readonly values: () => Values
  /** Sets a field's text (without checking; call `update`). */
  readonly set: (key: string, value: string) => void
  /** The input of a field. */
  readonly input: (key: string) => HTMLInputElement | HTMLSelectElement | undefined
  /** Reads the form, checks it and shows the result. */
  readonly update: () => void
  /** What the rules know beyond the request. */
  readonly context: { instrument?: Instrument | undefined; positionMode?: PositionMode.Mode }
  /** Called on every update, before the check. */
  readonly hooks: ((values: Values) => void)[]
}

type Row = Field & {
  readonly id: string
  /** What a person reads for the field. */
  readonly label: string
  readonly wrap: HTMLElement
  readonly input: HTMLInputElement | HTMLSelectElement
  readonly error: HTMLElement
  readonly mark: HTMLElement
}

const rounding = { tick: 'price', precision: 'price', lot: 'qty' } as const

/**
 * Renders a ticket into a section and checks it once.
 *
 * @example
 * import { renderTicket } from './ticket.js'
 * document.body.append(renderTicket(form))
 */
export function renderTicket(form: Spec): HTMLElement {
  const main = form.main.split(' ')
  const rows: Row[] = fieldsOf(form.schema).map((field) => {
    const id = `${form.id}-${field.key.replaceAll('.', '-')}`
    const value = form.values[field.key] ?? ''
    const props = {
      id,
      name: field.key,
      'aria-describedby': `${id}-err`,
    }
    const input = field.options
      ? h(
          'select',
          props,
          h('option', { value: '' }, 'Not sent to the exchange'),
          ...field.options.map((o) => h('option', { value: o, selected: o === value }, o)),
        )
      : h('input', { ...props, value, autocomplete: 'off', spellcheck: false })
    const error = h('p', { id: `${id}-err`, className: 'err' })
    const name = field.path.at(-1) as string
    const text = label(name)
    const wrap = labelled(input, text, name, error)
    // The required mark: the eye's; assistive technology reads `required` on the input.
    const mark = h('span', { className: 'req', 'aria-hidden': 'true' }, '*')
    wrap.querySelector('label')!.after(mark)
    return { ...field, id, label: text, wrap, input, error, mark }
  })
  const isMain = (row: Row) => main.includes(row.path[0] as string)
  const more = rows.filter((row) => !isMain(row))
  const details = h(
    'details',
    {},
    h('summary', {}, 'More fields'),
    h('div', { className: 'grid' }, ...more.map((row) => row.wrap)),
  )
  const byKey = new Map(rows.map((row) => [row.key, row]))
  const summary = h('ul')
  const status = h('p', { role: 'status', id: `${form.id}-status`, className: 'status' })
  const round = h('button', { type: 'button', id: `${form.id}-round` }, 'Round to tick/lot')
  const body = h('pre', { id: `${form.id}-body`, tabIndex: 0, 'aria-label': 'Request body' })
  let issues: readonly Issue.Issue[] = []

  const values = (): Values =>
    Object.fromEntries(rows.map((row) => [row.key, row.input.value.trim()]))
  const ticket: Ticket = {
    form,
    values,
    set: (key, value) => {
      const row = byKey.get(key)
      if (row) row.input.value = value
    },
    input: (key) => byKey.get(key)?.input,
    update,
    context: {},
    hooks: [],
  }

  function update(): void {
    const current = values()
    for (const hook of ticket.hooks) hook(current)
    for (const row of rows) row.wrap.hidden = form.visible?.(row.key, current) === false
    /** The request of the shown, non-empty fields, without `skip`. */
    const request = (skip?: Row) => {
      const out: Record<string, unknown> = {}
      for (const row of rows)
        if (row !== skip && !row.wrap.hidden && current[row.key])
          place(out, row.path, current[row.key]!)
      return out
    }
    const check = (skip?: Row) => Endpoint.check(form.endpoint, request(skip), ticket.context)
    const result = check()
    issues = result.issues ?? []
    for (const row of rows) {
      row.error.textContent = ''
      row.input.removeAttribute('aria-invalid')
      // Required by the schema, or by the rules as the ticket stands (price for a limit order):
      // an empty field is when the check misses it, a filled one when the check would without it.
      const required =
        row.required ||
        (!row.wrap.hidden &&
          missing(current[row.key] ? (check(row).issues ?? []) : issues, row.key, row.own))
      row.input.required = required
      row.input.setAttribute('aria-required', String(required))
      row.mark.hidden = !required
      const empty = row.input.querySelector('option')
      if (empty?.value === '') empty.text = required ? 'Choose one' : 'Not sent to the exchange'
    }
    // Issues are grouped by the field they are shown at: one entry and one message each.
    const groups: { row: Row | undefined; issues: Issue.Issue[] }[] = []
    for (const issue of issues) {
      const key = issue.path.join('.')
      const row =
        byKey.get(key) ?? rows.find((r) => !r.wrap.hidden && key && r.key.startsWith(`${key}.`))
      const group = row && groups.find((g) => g.row === row)
      if (group) group.issues.push(issue)
      else groups.push({ row, issues: [issue] })
    }
    summary.replaceChildren(
      ...groups.map(({ row, issues }) => {
        const { own, texts } = messages(issues, row?.key)
        if (row) {
          row.error.append(...texts.map((text) => h('span', {}, capitalise(text))))
          row.input.setAttribute('aria-invalid', 'true')
        }
        const entry = own ? `${row!.label}: ${texts.join('; ')}` : capitalise(texts.join('; '))
        return h(
          'li',
          {},
          row
            ? h(
                'a',
                {
                  href: `#${row.id}`,
                  onclick: (e: Event) => {
                    e.preventDefault()
                    row.input.focus()
                  },
                },
                entry,
              )
            : entry,
        )
      }),
    )
    // A field under "More fields" with an issue must not stay collapsed.
    if (more.some((row) => row.error.firstChild)) details.open = true
    // The only live region: a short status, changed only when it changes, so that a screen
    // reader does not re-read the ticket on every keystroke.
    const now = groups.length
      ? `${groups.length} problem${groups.length > 1 ? 's' : ''}`
      : 'Ready to send'
    if (status.textContent !== now) status.textContent = now
    summary.hidden = !groups.length
    round.hidden = !ticket.context.instrument
    round.disabled = !issues.some((issue) => issue.type in rounding)
    body.textContent = result.success
      ? JSON.stringify(result.output, null, 2)
      : '(shown once the ticket is valid)'
    body.classList.toggle('ready', result.success)
  }

  round.onclick = () => {
    const instrument = ticket.context.instrument
    if (!instrument) return
    for (const issue of issues) {
      const kind = rounding[issue.type as keyof typeof rounding]
      const row = byKey.get(issue.path.join('.'))
      if (!kind || !row) continue
      const { symbol, priceMultiplier, pricePrecision, sizeMultiplier } = instrument
      // Each rounding reads only its own attributes, so a malformed size step (reported at the
      // instrument) does not stop the price from rounding; the rounding helpers throw on one.
      try {
        row.input.value = plain(
          kind === 'price'
            ? TickSize.roundPrice(row.input.value.trim(), {
                symbol,
                priceMultiplier,
                pricePrecision,
              })
            : TickSize.roundQty(row.input.value.trim(), { symbol, sizeMultiplier }),
        )
      } catch {}
    }
    update()
  }

  const section = h(
    'section',
    { id: form.id, className: 'ticket', 'aria-labelledby': `${form.id}-title` },
    h(
      'h2',
      { id: `${form.id}-title` },
      form.title,
      ' ',
      h('code', {}, `${form.endpoint.method} ${form.endpoint.path}`),
    ),
    h(
      'div',
      { className: 'cols' },
      h(
        'form',
        { noValidate: true, onsubmit: (e: Event) => e.preventDefault(), oninput: update },
        h(
          'p',
          { className: 'key' },
          h('span', { className: 'req' }, '*'),
          ' required; an empty field is not sent to the exchange.',
        ),
        ...(form.panels ?? []).map((panel) => panel(ticket)),
        h(
          'fieldset',
          { className: 'grid' },
          h('legend', {}, 'Order'),
          ...rows.filter(isMain).map((row) => row.wrap),
        ),
        more.length > 0 && details,
      ),
      h(
        'aside',
        {},
        status,
        h('div', { className: 'summary' }, summary),
        round,
        h('h3', {}, 'Request body'),
        body,
      ),
    ),
  )
  update()
  return section
}

/**
 * A decimal as the exchange expects it: no trailing zeros after the dot ("100.50" is "100.5",
 * "0.010" is "0.01", "100.0" is "100"). Rounding writes a value with the step's decimal places,
 * which can be more than the value needs.
 */
function plain(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/**
 * Whether the issues say the field at `key` is missing: at the field itself, or at the list or
 * object above it when the field is required inside it (`own`).
 */
function missing(issues: readonly Issue.Issue[], key: string, own: boolean): boolean {
  return issues.some((issue) => {
    const at = issue.path.join('.')
    return issue.type === 'missing' && (at === key || (own && !!at && key.startsWith(`${at}.`)))
  })
}

/** Sets a value at a path, creating objects and lists (for a numeric key) on the way. */
function place(
  target: Record<string | number, unknown>,
  path: readonly (string | number)[],
  value: string,
): void {
  let node = target
  path.forEach((key, i) => {
    const next = path[i + 1]
    if (next === undefined) {
      node[key] = value
      return
    }
    node[key] ??= typeof next === 'number' ? [] : {}
    node = node[key] as Record<string | number, unknown>
  })
}
