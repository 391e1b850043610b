import { Decimal } from '@tradeline/rules'
import { Big, parse } from '@tradeline/rules/big'

// Decimal strings computed exactly on scaled integers (BigInt): no float ever carries a price.
console.log(Decimal.add('0.1', '0.2')) // '0.3'
console.log(Decimal.multiply('64000.5', '0.012')) // '768.006'

// Division and powers go through decimal.js, in its own entry (the main entry bundles none).
console.log(parse('1').div(3).toFixed()) // 64 significant digits
console.log(new Big('2').pow(0.5).toSignificantDigits(20).toFixed()) // Big: decimal.js, 64 digits
try {
  parse('1e3') // a strict decimal string only (no exponent, no float)
} catch (error) {
  if (!(error instanceof Error)) throw error
  console.log(error.name)
}
