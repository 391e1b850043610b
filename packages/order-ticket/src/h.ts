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
