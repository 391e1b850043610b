// The per-order chart of the bench (docs/bench/orders.svg).

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A horizontal bar chart of each client's time per order as a ratio of a raw undici `Pool.request`. */
export function ordersChart(orders) {
  const rows = orders.filter((o) => o.id !== 'pool')
  const max = Math.max(2, ...rows.map((o) => o.vsPool))
  const labelWidth = 330
  const barWidth = 420
  const rowHeight = 22
  const top = 40
  const height = top + rows.length * rowHeight + 40
  const scale = (ratio) => (Math.min(ratio, max) / max) * barWidth
  const colors = { baseline: '#9aa5b1', tradeline: '#2f6fde', peer: '#d9822b' }
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 80}" height="${height}" font-family="sans-serif" font-size="12">`,
    '<title>One signed place-order per client, as a ratio of a raw undici Pool.request</title>',
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">One signed place-order, time as a ratio of a raw undici Pool.request (1.00x); lower is faster</text>`,
  ]
  rows.forEach((o, i) => {
    const y = top + i * rowHeight
    const w = scale(o.vsPool)
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 14}" text-anchor="end">${xml(`${o.name} (${o.inFlight} in flight)`)}</text>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowHeight - 6}" fill="${colors[o.group]}"/>`,
      `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 14}">${o.vsPool.toFixed(2)}x${o.vsPool > max ? ' (cut)' : ''}</text>`,
    )
  })
  const one = labelWidth + scale(1)
  parts.push(
    `<line x1="${one.toFixed(1)}" y1="${top - 4}" x2="${one.toFixed(1)}" y2="${height - 30}" stroke="#333" stroke-dasharray="4 3"/>`,
    `<text x="${one.toFixed(1)}" y="${height - 16}" text-anchor="middle">1.00x</text>`,
    '</svg>',
  )
  return `${parts.join('\n')}\n`
}
