/**
 * The declared-demand proposal of an inlet for a month (ADR 0023): the maxima of the 12 months
 * before it from the demand API, core's declaredProposal by the method asked, and the expected
 * basic charge at the proposal, at the current declaration and by capacity under the billing
 * scheme's version in effect.
 */
import type { catalogue, EndpointDataInput, EndpointParsedInput } from '@eem/contract';
import {
  addMonth,
  capacityCharge,
  type DeclaredProposal,
  declaredProposal,
  demandCharge,
  monthOf,
  type ProposalMethod,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import { declaredFor, monthDemands } from '../demand/demand-data.js';
import { declarationsOf, type InletRow } from '../demand/repo/inlets.js';
import { usersByName } from '../demand/repo/users.js';
import {
  type BillCall,
  billCall,
  type InletMonth,
  inletOf,
  inletRef,
  type Terms,
  termsFor,
} from './compute.js';

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The maxima and declared values of the 12 months before `month`, from the demand API (or from
 * the months of bills the caller computed already).
 */
export async function history(
  call: BillCall,
  inlet: InletRow,
  month: string,
  known: readonly InletMonth[] = [],
) {
  const months = Array.from({ length: 12 }, (_, i) => addMonth(month, i - 12));
  const missing = months.filter((m) => !known.some((k) => k.month.month === m));
  const demands = await monthDemands(call.ctx.services.db, call.project, Number(inlet.id), missing);
  const out = [];
  for (const m of months) {
    const billed = known.find((k) => k.month.month === m);
    if (billed) {
      out.push({ month: m, maxKw: billed.maxKw, maxAt: billed.maxAt, declaredKw: billed.declaredKw });
      continue;
    }
    const d = demands?.[missing.indexOf(m)];
    out.push({
      month: m,
      maxKw: d?.maxKw === null || d?.maxKw === undefined ? null : round2(d.maxKw),
      maxAt: d?.maxAt ?? null,
      declaredKw: d?.declaredKw ?? Number(inlet.declared_kw),
    });
  }
  return out;
}

/** The scheme's terms for `month`, else for the latest month before it with a version; null without a scheme. */
async function termsAround(call: BillCall, inlet: InletRow, month: string): Promise<Terms | null> {
  if (inlet.billing_scheme_id === null) return null;
  const months = Array.from({ length: 13 }, (_, i) => addMonth(month, -i));
  const terms = await termsFor(call, inlet, months);
  return terms.find((t) => t !== null) ?? null;
}

export interface ProposalFor {
  history: Awaited<ReturnType<typeof history>>;
  terms: Terms | null;
  result: DeclaredProposal;
}

export async function proposalFor(
  call: BillCall,
  inlet: InletRow,
  month: string,
  marginPct: number,
  method: ProposalMethod,
  known: readonly InletMonth[] = [],
): Promise<ProposalFor> {
  const [past, terms] = await Promise.all([
    history(call, inlet, month, known),
    termsAround(call, inlet, month),
  ]);
  if (method === 'minCost' && !(terms && terms.demandPrice > 0))
    throw ApiError.at(
      'body.method',
      `the lowest-cost method needs a billing scheme with a demand price for inlet ${inlet.name}`,
    );
  const result = declaredProposal({
    maxima: past.map((h) => h.maxKw),
    declared: past.map((h) => h.declaredKw),
    method,
    marginPercent: marginPct,
    stepKw: 1,
    capacityKva: Number(inlet.transformer_kva),
    capacityPrice: terms?.capacityPrice ?? 0,
    demandPrice: terms?.demandPrice ?? 0,
    ...(terms ? { rule: terms.rule } : {}),
  });
  return { history: past, terms, result };
}

type Proposal = (typeof catalogue)['demand']['declareProposal'];

/** POST device-demand/declare/proposal. */
export async function declareProposal(
  { body }: EndpointParsedInput<Proposal>,
  ctx: RequestContext,
): Promise<EndpointDataInput<Proposal>> {
  const call = await billCall(ctx);
  const inlet = await inletOf(call, body.inletId);
  const month = body.month ?? addMonth(monthOf(call.now, call.project.timeZone), 1);
  const db = call.ctx.services.db;
  const { history: past, terms, result } = await proposalFor(call, inlet, month, body.marginPct, body.method);
  const currentKw = await declaredFor(db, inlet, month);
  const [row] = await declarationsOf(db, [Number(inlet.id)], month, month);
  let declared = null;
  if (row) {
    const ids = JSON_COLUMNS.declarationReminderUserIds.read(
      row.reminder_user_ids,
      `${row.inlet_id}:${row.month}`,
    );
    const users = await usersByName(db, ids);
    declared = {
      valueKw: Number(row.value_kw),
      reminderDay: row.reminder_day === null ? null : Number(row.reminder_day),
      reminderUsers: users.map((u) => ({ id: Number(u.id), name: u.name })),
    };
  }
  const expectedMaxKw = result.basisKw;
  const expected = terms
    ? {
        proposed:
          result.proposedKw === null
            ? null
            : demandCharge(expectedMaxKw, result.proposedKw, terms.demandPrice, terms.rule).amount,
        current: demandCharge(expectedMaxKw, currentKw, terms.demandPrice, terms.rule).amount,
        capacity: capacityCharge(Number(inlet.transformer_kva), terms.capacityPrice).amount,
        inputs: {
          demandPrice: terms.demandPrice,
          capacityPrice: terms.capacityPrice,
          transformerKva: Number(inlet.transformer_kva),
          expectedMaxKw,
          penaltyThresholdPct: round2(terms.rule.overRatio * 100),
          penaltyMultiplier: terms.rule.multiplier,
        },
      }
    : null;
  return {
    inlet: inletRef(inlet),
    month,
    history: past,
    method: result.method,
    basisKw: result.basisKw,
    marginPct: result.marginPercent,
    proposedKw: result.proposedKw,
    floorKw: result.floorKw,
    ceilingKw: result.ceilingKw,
    boundedBy: result.boundedBy,
    currentKw,
    declared,
    expected,
  };
}
