// The classic futures account's rules.
export * as ClassicFutures from '../ClassicFutures.js'
