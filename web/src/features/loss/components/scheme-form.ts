/**
 * core's rules of a scheme's effective periods (checkSchemeVersions) on the dialog's values,
 * at the versions field, as the server would refuse them: nodes are told apart by model label
 * and id. Nothing is said while a period has a node still to be picked (the schema says that).
 */
import { checkSchemeVersions, ruleOf } from '@eem/core';
import type { FormValues } from '../../../blocks/FormFields';
import { isNodeValue } from './NodeField';
import { asVersions } from './version-model';

export function schemeIssues(
  values: FormValues,
  allowed: readonly string[],
  /** The node no target may be (the source, or a loss object's supply node). */
  source: unknown,
): Record<string, string> {
  const versions = asVersions(values.versions);
  if (versions.some((v) => v.targets.some((t) => t.node === null))) return {};
  const ids = new Map<string, number>();
  const idOf = (n: { id: number; modelLabel: string }) => {
    const key = `${n.modelLabel}_${n.id}`;
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return ids.get(key) as number;
  };
  const message = checkSchemeVersions(
    isNodeValue(source) ? idOf(source) : null,
    versions.map((v) => ({
      from: v.from,
      to: v.to,
      method: v.method,
      targets: v.targets.map((t) => ({
        nodeId: t.node ? idOf(t.node) : 0,
        ratio: t.ratio,
        weight: t.weight,
      })),
    })),
    allowed,
  );
  return message === null ? {} : { versions: ruleOf(message) };
}
