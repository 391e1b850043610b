/**
 * The panels above a ticket's fields: the instrument picker (tick and lot attributes, editable),
 * the position-mode switch with the intent mapping, and the strategy support matrix.
 */
import { Category, type Instrument, PositionMode, StrategySupport } from '@tradeline/rules'
import { h, labelled } from './h.js'
import { label } from './labels.js'
import type { Ticket } from './ticket.js'

/** An example instrument: symbol, priceMultiplier, pricePrecision, sizeMultiplier, minOrderAmount. */
export type Example = readonly [string, string, string, string, string]

const attributes = [
  'priceMultiplier',
  'pricePrecision',
  'sizeMultiplier',
  'minOrderAmount',
] as const

/**
 * The instrument picker: choosing an example fills the symbol and the attributes, which stay
 * editable; the rules read them as the `instrument` of the context (empty ones are not checked).
 *
 * @example
 * import { instrumentPanel } from './panels.js'
 * const withPanel = { ...form, panels: [...(form.panels ?? []), instrumentPanel([['BTCUSDT', '0.1', '1', '0.001', '0.001']])] }
 */
export function instrumentPanel(examples: readonly Example[], symbolKey = 'symbol') {
  return (ticket: Ticket) => {
    const id = `${ticket.form.id}-instrument`
    const inputs = attributes.map((name) =>
      h('input', { id: `${id}-${name}`, autocomplete: 'off' }),
    )
    const pick = h('select', { id }, ...examples.map(([symbol]) => h('option', {}, symbol)))
    const fill = () => {
      const example = examples.find(([symbol]) => symbol === pick.value) ?? examples[0]!
      inputs.forEach((input, i) => {
        input.value = example[i + 1] ?? ''
      })
      ticket.set(symbolKey, example[0])
    }
    pick.oninput = fill
    fill()
    ticket.hooks.push(() => {
      const instrument: Record<string, unknown> = { symbol: pick.value }
      inputs.forEach((input, i) => {
        const value = input.value.trim()
        if (value) instrument[attributes[i]!] = i === 1 ? Number(value) : value
      })
      ticket.context.instrument = instrument as Instrument
    })
    return h(
      'fieldset',
      { className: 'grid' },
      h('legend', {}, 'Instrument'),
      labelled(pick, 'Example'),
      ...inputs.map((input, i) => labelled(input, label(attributes[i]!), attributes[i])),
    )
  }
}

/**
 * The position-mode switch and the intent mapping: the mode goes to the rules' context; the
 * chosen intent shows the fields it maps to in that mode, and "Apply" writes them to the ticket.
 *
 * @example
 * import { modePanel } from './panels.js'
 * const withPanel = { ...form, panels: [...(form.panels ?? []), modePanel('classic')] }
 */
export function modePanel(line: 'unified' | 'classic') {
  return (ticket: Ticket) => {
    const id = `${ticket.form.id}-mode`
    const radios = PositionMode.modes.map((mode) =>
      h('input', {
        type: 'radio',
        name: id,
        id: `${id}-${mode}`,
        value: mode,
        checked: mode === 'hedge',
      }),
    )
    const intent = h(
      'select',
      { id: `${id}-intent` },
      ...PositionMode.intents.map((i) => h('option', {}, i)),
    )
    // Not an <output>: that is a live region, and only the ticket's status should be one.
    const mapping = h('code', { id: `${id}-mapping`, className: 'mapping' })
    const keys = ['side', line === 'unified' ? 'posSide' : 'tradeSide', 'reduceOnly']
    const fields = () => {
      const mode = ticket.context.positionMode ?? 'hedge'
      const value = intent.value as PositionMode.Intent
      return (
        line === 'unified'
          ? PositionMode.toUnified(value, mode)
          : PositionMode.toClassic(value, mode)
      ) as Record<string, string>
    }
    ticket.hooks.push(() => {
      ticket.context.positionMode = radios.find((r) => r.checked)?.value as PositionMode.Mode
      mapping.textContent = JSON.stringify(fields())
    })
    const apply = h(
      'button',
      {
        type: 'button',
        onclick: () => {
          const mapped = fields()
          for (const key of keys) ticket.set(key, mapped[key] ?? '')
          ticket.update()
        },
      },
      'Apply to ticket',
    )
    return h(
      'fieldset',
      {},
      h('legend', {}, 'Position mode (futures)'),
      ...radios.map((radio) =>
        h('label', { className: 'inline' }, radio, radio.value === 'hedge' ? ' Hedge' : ' One-way'),
      ),
      h(
        'div',
        { className: 'intent' },
        h('label', { htmlFor: intent.id }, 'Intent'),
        intent,
        mapping,
        apply,
      ),
    )
  }
}

/**
 * The strategy support matrix for the ticket's category: every type with whether the category
 * supports it and, when not, the matrix's reason. An unsupported type stays selectable so the
 * rules refuse it with the same reason at the `type` field.
 *
 * @example
 * import { supportPanel } from './panels.js'
 * const withPanel = { ...form, panels: [...(form.panels ?? []), supportPanel] }
 */
export function supportPanel(ticket: Ticket) {
  const list = h('ul', { id: `${ticket.form.id}-support`, className: 'support' })
  ticket.hooks.push((values) => {
    const category = Category.normalize(values.category ?? '')
    const select = ticket.input('type')
    list.replaceChildren(
      ...StrategySupport.types.map((type) => {
        const reason = category && StrategySupport.reason(type, category)
        const option = select?.querySelector(`option[value="${type}"]`)
        if (option) option.textContent = reason ? `${type} (not for ${category})` : type
        return h(
          'li',
          { className: reason ? 'off' : 'on' },
          h('b', {}, type),
          reason ? `: disabled, ${reason}` : ': enabled',
        )
      }),
    )
  })
  return h('fieldset', {}, h('legend', {}, 'Strategy types for this category'), list)
}
