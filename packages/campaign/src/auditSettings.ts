/**
 * The audit of the settings writes, against the sandbox's account settings around each call
 * (its `truth`, read from the sandbox's state): reported applied, the setting shows the value
 * asked at the settlement; reported not applied (refused, or a typed error that says so), it
 * shows the value asked neither at the settlement nor once the call's late requests landed
 * (every write asks for a value other than the one in force, so the change is the call's).
 */
import type { Context, Judged } from './auditIndex.js'
import { negative } from './auditIndex.js'
import type { SettingTruth } from './intents.js'

/** A settings write's report against the sandbox's settings. */
export function judgeSetting({ intent, findings }: Context): Judged {
  const { report, target } = intent
  const truth = intent.truth as SettingTruth | undefined
  if (target.kind !== 'setting' || !truth) return { orders: [] }
  const judged = (what?: string): Judged => ({ orders: [], what })
  const shown = `before ${truth.before}, at settlement ${truth.settled ?? '?'}, once its late requests landed ${truth.later ?? '?'}`
  if (report.status === 'ok') {
    findings.settings.applied++
    if (truth.settled !== target.asked)
      return judged(
        `reported applied, the sandbox's ${target.setting} is not ${target.asked} (${shown})`,
      )
    return judged()
  }
  if (!negative(report)) return judged()
  findings.settings.refused++
  if (truth.holding && report.status === 'refused' && report.code === truth.refusal)
    findings.settings.refusedHolding++
  if (truth.settled === target.asked || truth.later === target.asked)
    return judged(
      `reported not applied (${report.error}${report.status === 'refused' && report.code ? ` ${report.code}` : ''}), the sandbox applied ${target.asked} (${shown})`,
    )
  return judged()
}
