/**
 * What a person reads for a wire name: a request field (`posSide`) or an instrument attribute
 * (`priceMultiplier`) becomes a label ("Position side", "Price step"). Most labels are the
 * name's words with abbreviations spelled out; the names whose words mislead are listed.
 */

/** Labels that the words of the name would not give. */
const names: Record<string, string> = {
  priceMultiplier: 'Price step',
  pricePrecision: 'Price decimals',
  sizeMultiplier: 'Size step',
  minOrderAmount: 'Minimum quantity',
  takeProfit: 'Take-profit price',
  stopLoss: 'Stop-loss price',
  tpTriggerBy: 'Take-profit trigger',
  slTriggerBy: 'Stop-loss trigger',
  triggerBy: 'Trigger on',
  pxAmendType: 'Adjust price into range',
  rTokenTimeInForce: 'Time in force (rToken)',
  force: 'Time in force',
  tradeSide: 'Open or close',
  presetStopSurplusPrice: 'Take-profit price',
  presetStopLossPrice: 'Stop-loss price',
  presetStopSurplusExecutePrice: 'Take-profit execution price',
  presetStopLossExecutePrice: 'Stop-loss execution price',
  submittedQuantity: 'Quantity',
  submittedPrice: 'Price',
  expireDate: 'Expiry date (YYYY-MM-DD)',
  outsideRth: 'Trading hours',
  type: 'Strategy type',
  preOrderType: 'Order type after trigger',
  preOrderPrice: 'Order price after trigger',
  splitOrderNumbers: 'Number of orders',
  duration: 'Duration (minutes)',
  interval: 'Interval (seconds)',
}

/** Abbreviations inside names, spelled out. */
const words: Record<string, string> = {
  qty: 'quantity',
  pos: 'position',
  oid: 'order ID',
  stp: 'self-trade prevention',
  tp: 'take-profit',
  sl: 'stop-loss',
  tpsl: 'TP/SL',
  oco: 'OCO',
  twap: 'TWAP',
  params: 'parameters',
}

/**
 * The label of a wire name.
 *
 * @example
 * import { label } from './labels.js'
 * label('posSide') // 'Position side'
 */
export function label(name: string): string {
  const text =
    names[name] ??
    name
      .split(/(?=[A-Z])/)
      .map((word) => words[word.toLowerCase()] ?? word.toLowerCase())
      .join(' ')
  return text[0]!.toUpperCase() + text.slice(1)
}

/**
 * A rules message as a person reads it: each camelCase wire name becomes its label in lower
 * case (`orderType` → "order type"); quoted values stay as they were typed.
 *
 * @example
 * import { humanize } from './labels.js'
 * humanize('a multiple of 0.5 (priceMultiplier of BTCUSDT)') // 'a multiple of 0.5 (price step of BTCUSDT)'
 */
export function humanize(text: string): string {
  return text.replace(/"[^"]*"|\b[a-z]+[A-Z]\w*/g, (word) => {
    if (word[0] === '"') return word
    const name = label(word)
    // "OCO parameters" and "TP/SL mode" keep their capitals.
    return /^.[a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name
  })
}
