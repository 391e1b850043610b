// A TypeDoc plugin (typedoc.json `plugin`): drops the warning "X has multiple declarations with a
// comment" when every declaration it lists is the same line of the same file, and only then.
//
// The record types are valibot's output types (`v.InferOutput<typeof schema>`): valibot maps an
// optional entry through two mapped types, so the property's symbol carries the one declaration
// of the schema entry twice, and TypeDoc counts its one comment twice. The comment it uses is that
// comment: nothing is arbitrary, and the warning would hide real ones. Two different places still
// warn, as TypeDoc prints them.
const duplicate = /has multiple declarations with a comment/

/** @param {import('typedoc').Application} app */
export function load(app) {
  const logger = app.logger
  const warn = logger.warn.bind(logger)
  const info = logger.info.bind(logger)
  /** @type {unknown[] | undefined} */
  let held
  const flush = () => {
    if (held) warn(...held)
    held = undefined
  }
  logger.warn = (text, ...args) => {
    flush()
    if (duplicate.test(String(text))) held = [text, ...args]
    else warn(text, ...args)
  }
  logger.info = (text) => {
    if (held) {
      const places = String(text)
        .split('\n')
        .slice(1)
        .map((line) => line.trim())
      const same = places.length > 1 && places.every((place) => place === places[0])
      if (same) {
        held = undefined
        return
      }
      flush()
    }
    info(text)
  }
  for (const name of ['error', 'verbose']) {
    const original = logger[name].bind(logger)
    logger[name] = (...args) => {
      flush()
      original(...args)
    }
  }
}
