/**
 * The order-ticket page: one ticket per product line, switched by the buttons at the top (or
 * the URL hash, e.g. `#securities`). Everything is checked in the page by `@tradeline/rules`;
 * nothing is sent anywhere.
 */
import './style.css'
import { h } from './h.js'
import { renderTicket } from './ticket.js'
import { classic, securities, strategy, unified } from './tickets.js'

const specs = [unified, classic, securities, strategy]
const sections = specs.map(renderTicket)
const buttons = specs.map((spec) =>
  h('button', { type: 'button', onclick: () => show(spec.id) }, spec.title),
)
const main = h('main')

// Only the shown ticket is in the page (the others keep their state off the page), so a label
// such as "Price" finds one field, not one per ticket.
function show(id: string): void {
  const known = specs.some((spec) => spec.id === id) ? id : 'unified'
  specs.forEach((spec, i) => {
    if (spec.id === known) main.replaceChildren(sections[i]!)
    buttons[i]!.setAttribute('aria-pressed', String(spec.id === known))
  })
  if (location.hash.slice(1) !== known) history.replaceState(null, '', `#${known}`)
}

document.body.append(
  h(
    'header',
    {},
    h('h1', {}, 'Order ticket'),
    h(
      'p',
      {},
      'Every field is checked as you type by ',
      h('code', {}, '@tradeline/rules'),
      '; nothing is sent.',
    ),
    h('nav', { 'aria-label': 'Product line' }, ...buttons),
  ),
  main,
)
show(location.hash.slice(1))
addEventListener('hashchange', () => show(location.hash.slice(1)))
