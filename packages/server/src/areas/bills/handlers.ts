/**
 * The electricity-bill area (issue 16): computed bills, their diagnoses and the utility's
 * bills. The handlers are dmbill's work; until they land every call answers 501.
 */
import type { catalogue } from '@eem/contract';
import { WIRE_CODE } from '@eem/core';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';

const pending = (): never => {
  throw new ApiError(WIRE_CODE.server, 'the electricity bill calls are not available yet', 501);
};

export const billsHandlers: AreaHandlers<typeof catalogue.bills> = {
  costValue: pending,
  energyCharge: pending,
  basicCharge: pending,
  powerFactor: pending,
  billingAdvice: pending,
  bill: pending,
  saveBill: pending,
  utilityBills: pending,
  createUtilityBill: pending,
  updateUtilityBill: pending,
  deleteUtilityBill: pending,
  matchUtilityBill: pending,
};
