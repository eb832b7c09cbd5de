import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listEndpoints } from './catalogue.js';
import { defineEndpoint } from './define-endpoint.js';
import {
  type CatalogueEntry,
  docsPaths,
  GENERATED_MARKDOWN_LINE,
  renderApiMarkdown,
  renderCatalogueIndex,
  renderOpenApi,
  renderOpenApiJson,
  XLSX_MEDIA_TYPE,
} from './generate-docs.js';
import { convertSchema, isJsonObject, type JsonSchema } from './json-schema.js';

const STALE = 'docs are stale: run npm run docs';

function readOrEmpty(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

function asObject(value: unknown): JsonSchema {
  if (!isJsonObject(value)) throw new Error(`expected an object, got ${JSON.stringify(value)}`);
  return value;
}

function operation(doc: JsonSchema, path: string, method: string): JsonSchema {
  return asObject(asObject(asObject(doc.paths)[path])[method]);
}

describe('generated docs', () => {
  it('docs/api.md is what the generator renders now', () => {
    const onDisk = readOrEmpty(docsPaths().markdown);
    expect(onDisk === renderApiMarkdown(), STALE).toBe(true);
  });

  it('docs/openapi.json is what the generator renders now', () => {
    const onDisk = readOrEmpty(docsPaths().openapi);
    expect(onDisk === renderOpenApiJson(), STALE).toBe(true);
  });

  it('src/catalogue-index.ts is what the generator renders now', () => {
    const onDisk = readOrEmpty(docsPaths().index);
    expect(onDisk === renderCatalogueIndex(), STALE).toBe(true);
  });

  it('marks both files as generated', () => {
    expect(renderApiMarkdown().split('\n')[0]).toBe(GENERATED_MARKDOWN_LINE);
    expect(Object.keys(renderOpenApi())[0]).toBe('x-generated');
  });
});

describe('renderOpenApi', () => {
  const doc = asObject(renderOpenApi());

  it('has one operation per endpoint, named by its id, tagged by its area', () => {
    const entries = listEndpoints();
    for (const { area, endpoint } of entries) {
      const op = operation(doc, endpoint.path, endpoint.method.toLowerCase());
      expect(op.operationId).toBe(endpoint.id);
      expect(op.tags).toEqual([area]);
      expect(op['x-permission']).toBe(endpoint.permission);
      expect(op.security).toEqual(endpoint.permission === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    const count = Object.values(asObject(doc.paths)).reduce<number>(
      (n, item) => n + Object.keys(asObject(item)).length,
      0,
    );
    expect(count).toBe(entries.length);
  });

  it('wraps json data in the {code, msg, data} envelope', () => {
    const op = operation(doc, '/eem-service/v1/auth/common/login', 'post');
    const ok = asObject(asObject(asObject(op.responses)['200']).content);
    const schema = asObject(asObject(ok['application/json']).schema);
    expect(Object.keys(asObject(schema.properties))).toEqual(['code', 'msg', 'data']);
    expect(schema.required).toEqual(['code', 'msg']);
  });

  it('turns path, query and header inputs into parameters', () => {
    const tree = operation(doc, '/eem-service/v1/auth/cloud/user/tree/{id}', 'get');
    expect(tree.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const progress = operation(doc, '/eem-service/v1/importobject/ratio', 'get');
    expect(progress.parameters).toEqual([
      expect.objectContaining({ name: 'operationType', in: 'query', required: true }),
      expect.objectContaining({ name: 'taskId', in: 'query', required: false }),
    ]);
    const byHeader = operation(doc, '/eem-service/v2/user/getUserByHeaderUserId', 'get');
    expect(byHeader.parameters).toEqual([expect.objectContaining({ name: 'User-ID', in: 'header' })]);
  });

  it('hoists recursive schemas into components and points every $ref at one', () => {
    const text = renderOpenApiJson();
    const schemas = asObject(asObject(doc.components).schemas);
    const refs = [...text.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(schemas[ref], ref).toBeDefined();
    expect(text).not.toContain('#/$defs/');
  });

  it('describes downloads as xlsx and uploads as multipart with a file', () => {
    const entries: CatalogueEntry[] = [
      {
        area: 'files',
        name: 'export',
        endpoint: defineEndpoint({
          id: 'files.export',
          method: 'POST',
          path: '/x/export',
          summary: 'export',
          body: z.object({ year: z.number().int() }),
          data: z.null(),
          permission: 'session',
          kind: 'download',
        }),
      },
      {
        area: 'files',
        name: 'upload',
        endpoint: defineEndpoint({
          id: 'files.upload',
          method: 'POST',
          path: '/x/upload/{folderId}',
          summary: 'upload',
          params: z.object({ folderId: z.coerce.number().int() }),
          body: z.object({ note: z.string().optional() }),
          data: z.object({ fileId: z.number().int() }),
          permission: 'user_update',
          kind: 'upload',
        }),
      },
    ];
    const custom = asObject(renderOpenApi(entries));
    const download = asObject(asObject(operation(custom, '/x/export', 'post').responses)['200']);
    expect(Object.keys(asObject(download.content))).toEqual([XLSX_MEDIA_TYPE]);
    const upload = operation(custom, '/x/upload/{folderId}', 'post');
    const form = asObject(
      asObject(asObject(asObject(upload.requestBody).content)['multipart/form-data']).schema,
    );
    expect(Object.keys(asObject(form.properties))).toEqual(['note', 'file']);
    expect(form.required).toEqual(['file']);
    expect(upload['x-permission']).toBe('user_update');
    const markdown = renderApiMarkdown(entries);
    expect(markdown).toContain('| POST | `/x/export` | [files.export](#filesexport) | `session` | export |');
    expect(markdown).toContain(XLSX_MEDIA_TYPE);
  });

  it('keeps generating when a schema cannot be converted', () => {
    const broken = { not: 'a zod schema' } as unknown as z.ZodType;
    const converted = convertSchema(broken, 'input', 'broken');
    expect(converted.schema.description).toMatch(/could not be converted/);
    const odd = convertSchema(
      z.object({ when: z.date(), big: z.bigint(), name: z.string().transform((s) => s.length) }),
      'output',
      'odd',
    );
    expect(Object.keys(asObject(odd.schema.properties))).toEqual(['when', 'big', 'name']);
  });
});

describe('renderApiMarkdown', () => {
  const markdown = renderApiMarkdown();

  it('lists every endpoint in its area table and gives it a section', () => {
    for (const { area, endpoint } of listEndpoints()) {
      expect(markdown).toContain(`## Area ${area}`);
      expect(markdown).toContain(`| ${endpoint.method} | \`${endpoint.path}\` | [${endpoint.id}]`);
      expect(markdown).toContain(`### ${endpoint.id}\n`);
    }
  });

  it('names request and data fields with type and whether they are required', () => {
    const login = markdown.slice(
      markdown.indexOf('### session.login\n'),
      markdown.indexOf('### session.mobileLogin'),
    );
    expect(login).toContain('| `userName` | `string` | yes |');
    expect(login).toContain('| `client` | `"web" \\| "wechat_app" \\| "cli"` | no | default "web" |');
    expect(login).toContain('| `user.id` | `integer` | yes |');
  });

  it('documents both channels, the envelope and the wire codes', () => {
    expect(markdown).toContain('`WS /messageServer/websocket/{userId}`');
    expect(markdown).toContain('`WS /eem-ws/notice/{userId}`');
    expect(markdown).toContain('| -1305 | `passwordExpired` |');
    expect(markdown).toContain('Account password expired, please change it!');
  });
});
