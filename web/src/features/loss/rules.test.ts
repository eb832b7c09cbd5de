import { LOSS_MESSAGES, ruleOf, SHARE_MESSAGES } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { schemeIssues } from './components/scheme-form';
import { lossObjectIssues } from './EnergyLossConfigPage';

const supply = { id: 1, modelLabel: 'room', name: 'Inlet' };
const a = { id: 2, modelLabel: 'room', name: 'A' };
const sameIdOtherType = { id: 1, modelLabel: 'floor', name: 'Floor 1' };

describe("the loss object dialog's rules (core's checkLossObject, at their fields)", () => {
  const base = {
    supply,
    consumers: [a],
    lowerLimitPct: -5,
    upperLimitPct: 10,
    levels: [
      { level: 1, ratePct: 5 },
      { level: 2, ratePct: 8 },
    ],
  };

  it('accepts a valid object and says nothing while a field is still blank', () => {
    expect(lossObjectIssues(base)).toEqual({});
    expect(lossObjectIssues({ ...base, supply: null, consumers: [supply] })).toEqual({});
  });

  it('refuses the supply node as a consumer, telling nodes apart by type and id', () => {
    expect(lossObjectIssues({ ...base, consumers: [a, supply] })).toEqual({
      consumers: ruleOf(LOSS_MESSAGES.supplyIsConsumer),
    });
    expect(lossObjectIssues({ ...base, consumers: [a, sameIdOtherType] })).toEqual({});
  });

  it('refuses an upper limit not above the lower and levels not ascending', () => {
    expect(lossObjectIssues({ ...base, upperLimitPct: -5 })).toEqual({
      upperLimitPct: ruleOf(LOSS_MESSAGES.upperAboveLower),
    });
    expect(
      lossObjectIssues({
        ...base,
        levels: [
          { level: 1, ratePct: 8 },
          { level: 2, ratePct: 5 },
        ],
      }),
    ).toEqual({ levels: ruleOf(LOSS_MESSAGES.levelsAscending) });
  });
});

describe("the scheme dialog's rules (core's checkSchemeVersions, at the periods)", () => {
  const period = (targets: { node: typeof a | null; ratio: number | null }[], to: number | null = null) => ({
    from: Date.UTC(2026, 0, 1),
    to,
    method: 'fixedRatio',
    targets: targets.map((t) => ({ ...t, weight: null })),
  });
  const b = { id: 3, modelLabel: 'room', name: 'B' };

  it('refuses ratios that do not sum to 1 and a target that is the source', () => {
    const values = {
      versions: [
        period([
          { node: a, ratio: 0.5 },
          { node: b, ratio: 0.4 },
        ]),
      ],
    };
    expect(schemeIssues(values, ['fixedRatio'], supply)).toEqual({
      versions: ruleOf(SHARE_MESSAGES.ratiosSum),
    });
    const asSource = { versions: [period([{ node: supply, ratio: 1 }])] };
    expect(schemeIssues(asSource, ['fixedRatio'], supply)).toEqual({
      versions: ruleOf(SHARE_MESSAGES.sourceIsTarget),
    });
    const ok = {
      versions: [
        period([
          { node: a, ratio: 0.1 },
          { node: b, ratio: 0.9 },
        ]),
      ],
    };
    expect(schemeIssues(ok, ['fixedRatio'], supply)).toEqual({});
  });

  it('refuses a period after an open-ended one, and waits while a node is not picked', () => {
    const open = { versions: [period([{ node: a, ratio: 1 }]), period([{ node: a, ratio: 1 }])] };
    expect(schemeIssues(open, ['fixedRatio'], supply)).toEqual({ versions: ruleOf(SHARE_MESSAGES.blankEnd) });
    expect(schemeIssues({ versions: [period([{ node: null, ratio: 1 }])] }, ['fixedRatio'], supply)).toEqual(
      {},
    );
  });
});
