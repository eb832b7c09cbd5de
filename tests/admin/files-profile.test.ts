import { catalogue, isProjectProfile, type NodeItem, type ProjectProfile } from '@eem/contract';
import { MESSAGES, UPLOAD_LIMITS } from '@eem/core';
import { NotFoundError, PermissionError, ValidationError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { loginAll, projectId, raw, refusal } from './support.js';

let server: InProcessServer;
let tenantAdmin: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;
let SH: number;
let CH: number;

const { uploadFile, downloadFile } = catalogue.files;

function bytes(head: number[], size: number): Uint8Array {
  const data = new Uint8Array(size);
  data.set(head);
  for (let i = head.length; i < size; i++) data[i] = i % 251;
  return data;
}
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

async function upload(
  who: SignedIn,
  kind: 'image' | 'document',
  name: string,
  data: Uint8Array,
  type = 'application/octet-stream',
) {
  return who.client.upload(uploadFile, { body: { kind }, files: [{ name, data, type }] });
}

/** nodeData and updateNode answer a project profile or a node: these calls ask for the profile. */
async function profileOf(answer: Promise<ProjectProfile | NodeItem>): Promise<ProjectProfile> {
  const value = await answer;
  if (!isProjectProfile(value)) throw new Error(`expected a project profile, got a ${value.modelLabel}`);
  return value;
}

beforeAll(async () => {
  server = await startInProcessServer();
  [tenantAdmin, operator, chicago] = await loginAll(server, ['tenant-admin', 'operator-sh', 'operator-chi']);
  SH = projectId(server, 'SH-01');
  CH = projectId(server, 'CH-01');
});
afterAll(async () => {
  await server?.stop();
});

describe('files', () => {
  it('uploads an image and downloads it under its original name', async () => {
    const data = bytes(PNG, 2048);
    const stored = await upload(operator, 'image', '主图 site.png', data, 'image/png');
    expect(stored).toMatchObject({ originalName: '主图 site.png', size: 2048, contentType: 'image/png' });
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.png$/);
    const file = await tenantAdmin.client.download(downloadFile, { query: { fileName: stored.fileName } });
    expect(file.filename).toBe('主图 site.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(data);
    await expect(
      chicago.client.download(downloadFile, { query: { fileName: stored.fileName } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('checks type, content and size for each kind', async () => {
    const tooLarge = await refusal(
      upload(operator, 'image', 'big.png', bytes(PNG, UPLOAD_LIMITS.deviceImageBytes + 1)),
    );
    expect(tooLarge).toEqual({ name: 'ValidationError', msg: `file: ${MESSAGES.fileTooLarge}` });
    expect((await refusal(upload(operator, 'image', 'photo.gif', bytes(PNG, 100)))).msg).toBe(
      `file: ${MESSAGES.imageType}`,
    );
    expect((await refusal(upload(operator, 'image', 'fake.png', bytes(PDF, 100)))).msg).toBe(
      'file: the content is not a png file',
    );
    expect((await refusal(upload(operator, 'document', 'notes.txt', bytes(PDF, 100)))).msg).toBe(
      `file: ${MESSAGES.documentType}`,
    );
    const huge = await refusal(
      upload(operator, 'document', 'huge.pdf', bytes(PDF, UPLOAD_LIMITS.documentBytes + 1)),
    );
    expect(huge.msg).toBe(`file: ${MESSAGES.fileTooLarge}`);
    const pdf = await upload(operator, 'document', 'manual.pdf', bytes(PDF, 5000));
    expect(pdf.contentType).toBe('application/pdf');
    const xlsx = await upload(operator, 'document', 'meters.XLSX', bytes(ZIP, 300));
    expect(xlsx.fileName).toMatch(/\.xlsx$/);
    const badKind = await refusal(
      operator.client.upload(uploadFile, {
        body: { kind: 'video' as 'image' },
        files: [{ name: 'a.png', data: bytes(PNG, 10) }],
      }),
    );
    expect(badKind.msg).toBe('body.kind: kind must be image or document');
    const noFile = await fetch(`${server.url}${uploadFile.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await noFile.json()).toMatchObject({
      code: 400,
      msg: 'body: send the file as multipart/form-data',
    });
  });

  it('deletes an unused file; a missing or malformed name is refused', async () => {
    const stored = await upload(operator, 'document', 'old.pdf', bytes(PDF, 100));
    await expect(
      chicago.client.files.deleteFile({ query: { fileName: stored.fileName } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await operator.client.files.deleteFile({ query: { fileName: stored.fileName } });
    await expect(
      operator.client.download(downloadFile, { query: { fileName: stored.fileName } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      operator.client.files.deleteFile({ query: { fileName: '../../eem.sqlite3' } }),
    ).rejects.toBeInstanceOf(ValidationError);
    const answer = await raw(
      server,
      operator.token,
      'DELETE',
      `${catalogue.files.deleteFile.path}?fileName=..%2Feem.sqlite3`,
    );
    expect(answer).toMatchObject({
      status: 400,
      msg: 'query.fileName: fileName must name a file uploaded with uploadFile',
    });
  });
});

describe('project profile', () => {
  it('reads the profile of a project the user may enter', async () => {
    const profile = await operator.client.projects.nodeData({ body: { id: SH, modelLabel: 'project' } });
    expect(profile).toMatchObject({
      name: 'Shanghai Plant',
      code: 'SH-01',
      tenantName: 'Demo Energy Group',
      mainImage: null,
      documents: [],
    });
    await expect(
      operator.client.projects.nodeData({ body: { id: CH, modelLabel: 'project' } }),
    ).rejects.toBeInstanceOf(PermissionError);
    // The same call serves the other node types; an id that is no room of the project is refused.
    const room = await refusal(
      operator.client.projects.nodeData({ body: { id: 999_999, modelLabel: 'room' } }),
    );
    expect(room.msg).toMatch(/room 999999 does not exist in project Shanghai Plant/);
  });

  it('edits the profile with the spec’s rules, image and up to five documents', async () => {
    const image = await upload(tenantAdmin, 'image', 'plant.png', bytes(PNG, 500), 'image/png');
    const docs = await Promise.all(
      [1, 2].map((i) => upload(tenantAdmin, 'document', `doc-${i}.pdf`, bytes(PDF, 100 + i))),
    );
    const operationDate = Date.UTC(2020, 0, 1);
    const edited = await profileOf(
      tenantAdmin.client.projects.updateNode({
        body: {
          id: SH,
          modelLabel: 'project',
          name: 'Shanghai Plant East',
          area: 42_000.55,
          people: 900,
          annualOutput: 1_300_000_000.25,
          operationDate,
          cooperationDeadline: Date.UTC(2030, 0, 1),
          mainImage: image.fileName,
          documents: docs.map((d) => d.fileName),
          description: 'Edited in a test.',
        },
      }),
    );
    expect(edited).toMatchObject({
      name: 'Shanghai Plant East',
      area: 42_000.55,
      people: 900,
      annualOutput: 1_300_000_000.25,
      mainImage: { fileName: image.fileName, originalName: 'plant.png' },
      description: 'Edited in a test.',
    });
    expect(edited.documents.map((d) => d.originalName)).toEqual(['doc-1.pdf', 'doc-2.pdf']);
    expect((await operator.client.projects.projects()).find((p) => p.id === SH)?.name).toBe(
      'Shanghai Plant East',
    );
    const file = await operator.client.download(downloadFile, {
      query: { fileName: docs[0]?.fileName ?? '' },
    });
    expect(file.filename).toBe('doc-1.pdf');

    const cases: [Record<string, unknown>, string][] = [
      [{ area: 1.234 }, `body.area: ${MESSAGES.decimal2}`],
      [{ annualOutput: -1 }, `body.annualOutput: ${MESSAGES.decimal2}`],
      [{ people: 1.5 }, `body.people: ${MESSAGES.integer}`],
      [{ people: 1_000_000_000 }, `body.people: ${MESSAGES.integer}`],
      [{ name: 'Plant #1' }, `body.name: ${MESSAGES.specialCharacters}`],
      [
        { operationDate, cooperationDeadline: operationDate - 1 },
        `body.cooperationDeadline: ${MESSAGES.cooperationAfterOperation}`,
      ],
      [
        { cooperationDeadline: operationDate },
        `body.cooperationDeadline: ${MESSAGES.cooperationAfterOperation}`,
      ],
      [
        { documents: Array.from({ length: 6 }, () => docs[0]?.fileName ?? '') },
        `body.documents: ${MESSAGES.tooManyDocuments}`,
      ],
      [{ mainImage: docs[0]?.fileName }, `body.mainImage: ${MESSAGES.imageType}`],
      [{ latitude: 91 }, 'body.latitude: latitude must be -90 to 90'],
    ];
    for (const [change, message] of cases) {
      const body = { id: SH, modelLabel: 'project' as const, ...change };
      expect((await refusal(tenantAdmin.client.projects.updateNode({ body }))).msg, message).toBe(message);
      expect(
        (await raw(server, tenantAdmin.token, 'POST', '/eem-service/v1/project/updateNode', body)).msg,
        message,
      ).toBe(message);
    }
    await expect(
      operator.client.projects.updateNode({ body: { id: SH, modelLabel: 'project', people: 1 } }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      chicago.client.projects.updateNode({ body: { id: SH, modelLabel: 'project', people: 1 } }),
    ).rejects.toBeInstanceOf(PermissionError);
    const otherTenantFile = await upload(chicago, 'image', 'chi.png', bytes(PNG, 100));
    const foreign = await refusal(
      tenantAdmin.client.projects.updateNode({
        body: { id: SH, modelLabel: 'project', mainImage: otherTenantFile.fileName },
      }),
    );
    expect(foreign.msg).toBe(`body.mainImage: ${otherTenantFile.fileName} is not an uploaded file`);

    const used = await refusal(
      tenantAdmin.client.files.deleteFile({ query: { fileName: docs[1]?.fileName ?? '' } }),
    );
    expect(used.msg).toBe('the file is still used by project Shanghai Plant East; remove it there first');
    await tenantAdmin.client.projects.updateNode({
      body: { id: SH, modelLabel: 'project', documents: [docs[0]?.fileName ?? ''], mainImage: null },
    });
    await tenantAdmin.client.files.deleteFile({ query: { fileName: docs[1]?.fileName ?? '' } });
    const after = await profileOf(
      operator.client.projects.nodeData({ body: { id: SH, modelLabel: 'project' } }),
    );
    expect([after.mainImage, after.documents.map((d) => d.originalName)]).toEqual([null, ['doc-1.pdf']]);
    const log = await tenantAdmin.client.logs.operationLog({
      body: { startTime: server.now() - 60_000, endTime: server.now() + 1000, keyword: 'project Shanghai' },
    });
    expect(log.list[0]).toMatchObject({ operation: 'edit', projectId: SH, module: 'fw' });
  });
});
