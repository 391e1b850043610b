// The securities line's rules: stock and option endpoints and the US session schedule.
export * as Securities from '../Securities.js'
export * as Session from '../Session.js'
