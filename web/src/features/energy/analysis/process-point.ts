/** Which process-value point /networkEnergyAndTrendcurve shows beside a node's consumption. */
/** The user's choice: a point id; null: not chosen yet (the default applies); 'none': cleared. */
export type ProcessChoice = number | 'none' | null;

/** The data id of "Pressure" among core's DEFAULT_QUANTITIES, the process value §2.3 names. */
const PRESSURE = 4200;

/**
 * The point shown among the node's instantaneous points. Until the user picks, the node's
 * pressure (or else its first process value) is shown: a blank select beside a lone
 * consumption line read as "this meter has no process value".
 */
export function shownPoint(
  candidates: readonly { id: number; dataId: number }[],
  chosen: ProcessChoice,
): number | null {
  if (chosen === 'none') return null;
  if (chosen !== null && candidates.some((p) => p.id === chosen)) return chosen;
  return (candidates.find((p) => p.dataId === PRESSURE) ?? candidates[0])?.id ?? null;
}

