/** The devices area (issue 18): the device ledger and its import and QR codes, device templates, spare parts and stock. */
import type { catalogue } from '@eem/contract';
import QRCode from 'qrcode';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { sendDeviceTemplate, startDeviceImport } from './import-devices.js';
import {
  createDevice,
  createTemplate,
  deleteDevices,
  deleteTemplate,
  devices,
  templates,
  updateDevice,
  updateTemplate,
} from './ledger.js';
import { deviceById } from './repo/devices.js';
import {
  createSparePart,
  deleteSparePart,
  sharedSpares,
  spareParts,
  statistics,
  stockIn,
  stockMoves,
  stockOut,
  updateSparePart,
} from './spare-parts.js';

/**
 * A device's QR code (PNG): `eem://device?project=<id>&code=<code>`, what a phone scans to open
 * the device (its project and its code, unique there).
 */
async function sendQrCode(ctx: RequestContext, id: number, size: number): Promise<null> {
  const project = await currentProject(ctx);
  const device = await deviceById(ctx.services.db, project.id, id);
  if (!device) throw ApiError.notFound(`id: device ${id} does not exist in this project`);
  const text = `eem://device?project=${project.id}&code=${encodeURIComponent(device.code)}`;
  const png = await QRCode.toBuffer(text, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' });
  ctx.reply
    .header('content-type', 'image/png')
    .header('content-disposition', attachment(`${device.code}.png`))
    .send(png);
  return null;
}

export const devicesHandlers: AreaHandlers<typeof catalogue.devices> = {
  devices: ({ body }, ctx) => devices(ctx, body),
  createDevice: ({ body }, ctx) => createDevice(ctx, body),
  updateDevice: ({ body }, ctx) => updateDevice(ctx, body),
  deleteDevices: ({ query }, ctx) => deleteDevices(ctx, query.ids),
  importDevices: ({ body }, ctx) => startDeviceImport(ctx, body),
  importTemplate: (_input, ctx) => sendDeviceTemplate(ctx),
  qrCode: ({ query }, ctx) => sendQrCode(ctx, query.id, query.size),
  templates: ({ body }, ctx) => templates(ctx, body),
  createTemplate: ({ body }, ctx) => createTemplate(ctx, body),
  updateTemplate: ({ body }, ctx) => updateTemplate(ctx, body),
  deleteTemplate: ({ query }, ctx) => deleteTemplate(ctx, query.id),
  spareParts: ({ body }, ctx) => spareParts(ctx, body),
  createSparePart: ({ body }, ctx) => createSparePart(ctx, body),
  updateSparePart: ({ body }, ctx) => updateSparePart(ctx, body),
  deleteSparePart: ({ query }, ctx) => deleteSparePart(ctx, query.id),
  stockIn: ({ body }, ctx) => stockIn(ctx, body),
  stockOut: ({ body }, ctx) => stockOut(ctx, body),
  stockMoves: ({ body }, ctx) => stockMoves(ctx, body),
  statistics: ({ body }, ctx) => statistics(ctx, body),
  sharedSpares: ({ body }, ctx) => sharedSpares(ctx, body),
};
