/** A child of {@link h}: a node, a text, or nothing. */
export type Child = Node | string | null | undefined | false

/**
 * Creates an element: a known property (`id`, `hidden`, `htmlFor`, `onclick`, ...) is set as
 * a property, anything else (`aria-*`, `data-*`, `role`) as an attribute; `null`, `undefined`
 * and `false` are skipped.
 *
 * @example
 * import { h } from './h.js'
 * h('label', { htmlFor: 'price' }, 'price').outerHTML // '<label for="price">price</label>'
 */
export function h<tag extends keyof HTMLElementTagNameMap>(
  tag: tag,
  props: Record<string, unknown> = {},
  ...children: Child[]
): HTMLElementTagNameMap[tag] {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value == null || value === false) continue
    if (key in el) (el as unknown as Record<string, unknown>)[key] = value
    else el.setAttribute(key, String(value))
  }
  for (const child of children) if (child) el.append(child)
  return el
}

/**
 * A field: the label a person reads, the wire name beside it as a small hint (when the control
 * stands for one), the control, then anything after it (an error line).
 *
 * @example
 * import { h, labelled } from './h.js'
 * labelled(h('input', { id: 'unified-posSide' }), 'Position side', 'posSide')
 */
export function labelled(
  control: HTMLInputElement | HTMLSelectElement,
  text: string,
  wire?: string | undefined,
  ...after: Child[]
): HTMLDivElement {
  return h(
    'div',
    { className: 'field' },
    h(
      'div',
      { className: 'head' },
      h('label', { htmlFor: control.id }, text),
      wire && h('code', {}, wire),
    ),
    control,
    ...after,
  )
}
