// The savings line's rules.
export * as Savings from '../Savings.js'
