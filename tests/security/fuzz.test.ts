/**
 * Fuzzing every endpoint of the contract from its own schemas (issue 11, item 13): for each
 * request part, a plausible input (ids that do not exist, times of today) and, field by field,
 * invalid ones: the wrong type, missing, null, each bound ±1, a huge text, control characters,
 * ids spelled "0x1", " 1" and "1e0"; plus malformed multipart bodies on the uploads, long path
 * parameters, malformed URLs and bodies. The oracle is the contract itself: whatever the
 * contract's schema refuses must be answered 400 with the envelope, its message naming the
 * refused field. Nothing may answer 500, and every answer that is not a file is the envelope.
 *
 * One server for the file; requests go eight at a time.
 */
import { request as httpRequest } from 'node:http';
import { type AnyEndpoint, INPUT_PARTS, inputSchema, type JsonSchema, listEndpoints } from '@eem/contract';
import { HEADERS, splitProblems } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let token = '';
let spareToken = '';
let projectId = 0;

beforeAll(async () => {
  server = await startInProcessServer({
    // The fuzzer signs in thousands of times with made-up accounts: the throttle answers 429 (an
    // envelope, also checked), but the fuzzer's own sign-ins come first.
    config: { logLevel: 'silent' },
  });
  const admin = await signIn(server.url, 'admin', { now: server.stamp() });
  token = admin.token;
  spareToken = (await signIn(server.url, 'admin', { now: server.stamp() })).token;
  projectId = server.world.projects['SH-01'] ?? 0;
});
afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------- values from JSON Schema

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MISSING = Symbol('missing');
/** A made-up id that names nothing (and is a valid id). */
const NO_SUCH_ID = 987_654_321;
const NOW = Date.now();
const SAMPLES_BY_PATTERN: Record<string, string> = {
  '^[0-9a-f]{64}$': 'a'.repeat(64),
  '^([01]\\d|2[0-3]):[0-5]\\d$': '08:00',
  '^[0-9a-f]{32}\\.(jpg|png|xls|xlsx|docx|pdf)$': `${'0'.repeat(32)}.png`,
  '^[1-9][0-9]{0,15}$': String(NO_SUCH_ID),
};

interface Context {
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
}

function resolve(schema: JsonSchema, ctx: Context): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return ctx.root;
  return ctx.defs[ref.replace(/^#\/\$defs\//, '')] ?? {};
}

function typeOf(schema: JsonSchema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  return typeof t === 'string' ? t : undefined;
}

/** The branches of a union, without the null branch when another exists. */
function branches(schema: JsonSchema): JsonSchema[] {
  const list = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!list) return [];
  const nonNull = list.filter((b) => b.type !== 'null');
  return nonNull.length > 0 ? nonNull : list;
}

/** A plausible value: valid where the schema says enough (ids name nothing, times are of today). */
function sample(raw: JsonSchema, ctx: Context, key: string, depth = 0): Json {
  const schema = resolve(raw, ctx);
  if (depth > 6) return null;
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  if ('default' in schema && schema.default !== undefined) return schema.default as Json;
  const options = branches(schema);
  if (options.length > 0 && !schema.type) return sample(options[0] ?? {}, ctx, key, depth + 1);
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] ?? {}, ctx, key, depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, Json> = {};
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      for (const [name, property] of Object.entries(properties))
        out[name] = sample(property, ctx, name, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const item = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: Math.max(min, 1) }, () => sample(item, ctx, key, depth + 1));
    }
    case 'string': {
      if (typeof schema.pattern === 'string' && SAMPLES_BY_PATTERN[schema.pattern])
        return SAMPLES_BY_PATTERN[schema.pattern] ?? '';
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 20;
      return 'a'.repeat(Math.max(1, Math.min(min, max)));
    }
    case 'integer':
    case 'number': {
      if (/time$/i.test(key)) return /^end/i.test(key) ? NOW : NOW - 86_400_000;
      if (/(^id$|Id$|Ids$|ID$)/.test(key)) return NO_SUCH_ID;
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : Math.max(min, 1);
      return Math.max(min, Math.min(1, max));
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'a';
  }
}

/** A leaf or container of the input, where mutations apply. */
interface Site {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

function sites(
  raw: JsonSchema,
  ctx: Context,
  path: (string | number)[],
  required: boolean,
  depth = 0,
): Site[] {
  const schema = resolve(raw, ctx);
  if (depth > 5) return [];
  const out: Site[] = [{ path, schema, required }];
  const options = branches(schema);
  const effective = options.length > 0 && !schema.type ? (options[0] ?? schema) : schema;
  const type = typeOf(effective);
  if (type === 'object') {
    const properties = (effective.properties ?? {}) as Record<string, JsonSchema>;
    const req = new Set((effective.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties))
      out.push(...sites(property, ctx, [...path, name], req.has(name), depth + 1));
  } else if (type === 'array' && effective.items) {
    out.push(...sites(effective.items as JsonSchema, ctx, [...path, 0], true, depth + 1));
  }
  return out;
}

const CONTROL = '\u0001\u0007\u001b[31m\u007f\u202e\ufeff';

/** Values to put at a site, each named (for the failure message). */
function mutations(site: Site, ctx: Context): [string, Json | typeof MISSING][] {
  const s = site.schema;
  const options = branches(s);
  const effective = options.length > 0 && !s.type ? (options[0] ?? s) : s;
  const type = typeOf(effective);
  const list: [string, Json | typeof MISSING][] = [['null', null]];
  if (site.path.length > 0) list.push(['missing', MISSING]);
  const strings = [effective, ...options].filter((b) => typeOf(b) === 'string');
  const numbers = [effective, ...options].filter((b) => typeOf(b) === 'integer' || typeOf(b) === 'number');
  if (type === 'object') list.push(['an array for an object', []], ['a text for an object', 'x']);
  if (type === 'array') {
    list.push(['an object for an array', {}], ['a number for an array', 5]);
    if (typeof effective.maxItems === 'number') {
      const item = sample((effective.items ?? {}) as JsonSchema, ctx, String(site.path.at(-1) ?? ''));
      list.push(['maxItems + 1', Array.from({ length: effective.maxItems + 1 }, () => item)]);
      list.push(['maxItems', Array.from({ length: effective.maxItems }, () => item)]);
    }
    if (typeof effective.minItems === 'number' && effective.minItems > 0) list.push(['minItems - 1', []]);
  }
  for (const b of strings) {
    list.push(['a number for a text', 12345], ['an object for a text', { a: 1 }]);
    if (typeof b.maxLength === 'number') {
      list.push(['maxLength + 1', 'b'.repeat(b.maxLength + 1)]);
      list.push(['maxLength', 'b'.repeat(b.maxLength)]);
    }
    if (typeof b.minLength === 'number' && b.minLength > 0)
      list.push(['minLength - 1', 'b'.repeat(b.minLength - 1)]);
    list.push(
      ['a huge text', 'h'.repeat(100_000)],
      ['control characters', `a${CONTROL}b`],
      ['NUL', 'a\u0000b'],
    );
    list.push(['an empty text', ''], ['spaces', '   ']);
    if (typeof b.pattern === 'string' && b.pattern.startsWith('^[1-9]'))
      for (const spelling of ['0x1', ' 1', '1e0', '01', '-1', '1.0'])
        list.push([`id text ${spelling}`, spelling]);
  }
  for (const b of numbers) {
    list.push(['a text for a number', 'abc'], ['a boolean for a number', true]);
    if (typeof b.maximum === 'number') list.push(['maximum + 1', b.maximum + 1], ['maximum', b.maximum]);
    if (typeof b.minimum === 'number') list.push(['minimum - 1', b.minimum - 1], ['minimum', b.minimum]);
    if (typeOf(b) === 'integer') list.push(['a fraction', 1.5]);
    list.push(['a huge number', 1e308], ['a negative number', -5]);
  }
  if (type === 'boolean') list.push(['a text for a boolean', 'yes'], ['a number for a boolean', 1]);
  if (Array.isArray(s.enum) || Array.isArray(effective.enum))
    list.push(['not one of the enum', 'zzz-not-a-value']);
  return list;
}

function setAt(root: Json, path: (string | number)[], value: Json | typeof MISSING): Json {
  if (path.length === 0) return value === MISSING ? null : value;
  const copy = structuredClone(root) as Json;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return copy;
    node = next as Record<string | number, Json>;
  }
  const last = path.at(-1) as string | number;
  if (value === MISSING) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

// ---------------------------------------------------------------- requests

interface Answer {
  status: number;
  type: string;
  text: string;
}

function send(options: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolveAnswer, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        // A connection of its own: a server that refuses a request closes the connection.
        agent: false,
        headers: {
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    // A server that answers before reading a body past its limit closes the connection while
    // the rest is written: the answer counts, the write error does not.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(options.body);
  });
}

/** The query part on the wire: texts (numbers and booleans as their text, lists as repeated keys). */
function wireQuery(value: Json): Record<string, string | string[]> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string | string[]> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null) continue;
    if (Array.isArray(v)) out[key] = v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)));
    else out[key] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

interface Case {
  endpoint: AnyEndpoint;
  what: string;
  params: Record<string, string>;
  query: Record<string, string | string[]> | null;
  body: Json | typeof MISSING;
  /** Accept-Language: the cases alternate, the plausible one goes in both. */
  language: 'en' | 'zh';
}

function urlOf(c: Case): string {
  let path = c.endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(c.params[name] ?? String(NO_SUCH_ID)),
  );
  if (c.query && Object.keys(c.query).length > 0) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(c.query)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
    path += `?${q.toString()}`;
  }
  return path;
}

/** What the contract says of a case: the first refused field (as the server names it), or null. */
async function expectedRefusal(c: Case): Promise<string | null> {
  const parts: [string, unknown][] = [
    ['params', c.params],
    ['query', c.query ?? {}],
    // A missing body and a JSON null are read as {} (register-endpoints.ts).
    ['body', c.body === MISSING || c.body === null ? {} : JSON.parse(JSON.stringify(c.body))],
  ];
  for (const [part, value] of parts) {
    const schema = c.endpoint[part as (typeof INPUT_PARTS)[number]];
    if (!schema) continue;
    const result = await schema.safeParseAsync(value);
    if (!result.success) {
      const issue = result.error.issues[0];
      return [part, ...(issue?.path ?? []).map(String)].join('.');
    }
    const nul = JSON.stringify(value).includes('\\u0000');
    if (nul) return part;
  }
  return null;
}

const problems: string[] = [];
let requests = 0;

/** Request parts a refusal's path starts with (a file upload's `file` is one too). */
const REQUEST_PART = /^(body|query|params|header|path|file)(\.|$)/;
/** A path that names its request part twice (`body.body.name`). */
const TWICE = /^(body|query|params|header|file)\.(body|query|params|header|file)(\.|$)/;
/** A field named as code at the start of a message (`endTime: …`, `rows.0.node: …`). */
const NAME_FIRST = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+|\[\d+\])*: /;
/** An identifier written as code: camelCase (`endTime`) or a dotted path (`rows.0.node`). */
const CODE_NAME = /\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[a-z]\w*(?:\.\w+|\[\d+\])+\b/;
/** Units spelled with a capital inside (not identifiers). */
const UNITS = /\b(?:kWh|kW|kVA|kVar|kvarh|MWh|MW|kV)\b/g;

/**
 * Issue 12 item 10: every problem of a refusal is `where: message` with `where` a request path
 * (`body.endTime`) or no path at all, and its message carries no field name of its own (what a
 * person reads once the faces strip the path). A refusal of the handlers (the contract let the
 * input through) says its rule in words: no identifier of code anywhere in it. The contract's
 * own type messages still name fields by their keys ("nodeId must be a positive whole number").
 */
function rawNamesIn(msg: string, handler: boolean): string[] {
  const found: string[] = [];
  for (const problem of splitProblems(msg)) {
    if (problem.path && (!REQUEST_PART.test(problem.path) || TWICE.test(problem.path)))
      found.push(`path ${problem.path}`);
    if (NAME_FIRST.test(problem.message)) found.push(`a name first in "${problem.message}"`);
    if (!handler) continue;
    const words = problem.message.replace(/"[^"]*"|“[^”]*”/g, '').replace(UNITS, '');
    const name = CODE_NAME.exec(words);
    if (name) found.push(`"${name[0]}" in "${problem.message}"`);
  }
  return found;
}
const rawNames = new Map<string, string>();

async function check(c: Case): Promise<void> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${c.endpoint.id === 'session.logout' ? spareToken : token}`,
    [HEADERS.projectId]: String(projectId),
    'accept-language': c.language,
  };
  let body: string | undefined;
  if (c.endpoint.kind === 'upload') {
    // Uploads: the body's fields as form fields of a multipart body without a file.
    const boundary = 'fuzzboundary';
    const fields =
      c.body !== MISSING && c.body && typeof c.body === 'object' && !Array.isArray(c.body) ? c.body : {};
    body = `${Object.entries(fields)
      .map(
        ([k, v]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  } else if (c.endpoint.body && c.body !== MISSING) {
    body = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  let answer: Answer;
  try {
    answer = await send({
      method: c.endpoint.method,
      path: urlOf(c),
      headers,
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    problems.push(
      `${c.endpoint.id} [${c.what}]: no answer (${error instanceof Error ? error.message : error})`,
    );
    return;
  }
  requests++;
  const where = `${c.endpoint.id} [${c.what}] → ${answer.status}`;
  if (answer.status >= 500) {
    problems.push(`${where}: ${answer.text.slice(0, 200)}`);
    return;
  }
  const isFile = c.endpoint.kind === 'download' && answer.status === 200 && !answer.type.includes('json');
  if (isFile) return;
  let envelope: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  try {
    envelope = JSON.parse(answer.text) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  if (
    !envelope ||
    typeof envelope.code !== 'number' ||
    typeof envelope.msg !== 'string' ||
    !('data' in envelope)
  ) {
    problems.push(`${where}: not the envelope: ${answer.text.slice(0, 200)}`);
    return;
  }
  if (envelope.code !== 0 && answer.text.length > 4_000)
    problems.push(`${where}: an error answer of ${answer.text.length} characters`);
  // Uploads parse their form fields only when they are sent as multipart (they are).
  const refused = await expectedRefusal(c);
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 429)
    for (const raw of rawNamesIn(envelope.msg, refused === null))
      if (!rawNames.has(raw)) rawNames.set(raw, `${where} (${c.language})`);
  // A URL past what the server reads (16 KB of headers) is refused before any field is read.
  const urlTooLong = answer.status === 431 || answer.status === 414;
  if (refused !== null && c.endpoint.kind !== 'upload' && !urlTooLong) {
    if (answer.status !== 400)
      problems.push(
        `${where}: the contract refuses ${refused}, the server answered ${answer.text.slice(0, 200)}`,
      );
    else if (!envelope.msg.includes(`${refused}:`) && !envelope.msg.includes(`${refused}.`))
      problems.push(`${where}: the message does not name ${refused}: ${envelope.msg.slice(0, 200)}`);
  }
}

async function runAll(cases: Case[], parallel = 8): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < cases.length) {
        const c = cases[next++];
        if (c) await check(c);
      }
    }),
  );
}

function casesOf(endpoint: AnyEndpoint): Case[] {
  const base: Case = { endpoint, what: 'plausible', params: {}, query: null, body: MISSING, language: 'en' };
  const schemas: Partial<Record<(typeof INPUT_PARTS)[number], { json: JsonSchema; ctx: Context }>> = {};
  for (const part of INPUT_PARTS) {
    const schema = endpoint[part];
    if (!schema) continue;
    const json = inputSchema(schema);
    const ctx: Context = { root: json, defs: (json.$defs ?? {}) as Record<string, JsonSchema> };
    schemas[part] = { json, ctx };
    const value = sample(json, ctx, part);
    if (part === 'params')
      base.params = Object.fromEntries(
        Object.entries(wireQuery(value) ?? {}).map(([k, v]) => [k, String(v)]),
      );
    else if (part === 'query') base.query = wireQuery(value);
    else base.body = value;
  }
  const cases: Case[] = [base, { ...base, language: 'zh' }];
  for (const part of INPUT_PARTS) {
    const found = schemas[part];
    if (!found) continue;
    const plausible: Json =
      part === 'params' ? base.params : part === 'query' ? (base.query as Json) : (base.body as Json);
    for (const site of sites(found.json, found.ctx, [], true)) {
      for (const [name, value] of mutations(site, found.ctx)) {
        const changed = setAt(plausible, site.path, value);
        const what = `${part}.${site.path.join('.')}: ${name}`;
        const language = cases.length % 2 === 0 ? 'en' : 'zh';
        if (part === 'params') {
          // A path always has its parameters: a missing one is another URL.
          if (value === MISSING || value === null) continue;
          const text = wireQuery(changed);
          if (!text) continue;
          cases.push({
            ...base,
            what,
            language,
            params: Object.fromEntries(Object.entries(text).map(([k, v]) => [k, String(v)])),
          });
        } else if (part === 'query') cases.push({ ...base, what, language, query: wireQuery(changed) });
        else
          cases.push({
            ...base,
            what,
            language,
            body: site.path.length === 0 && value === MISSING ? MISSING : changed,
          });
      }
    }
  }
  return cases;
}

describe('the fuzzer', () => {
  it('every endpoint answers invalid input with the envelope naming the field, never 500', async () => {
    const endpoints = listEndpoints().map((e) => e.endpoint);
    const cases = endpoints.flatMap(casesOf);
    await runAll(cases);
    expect(requests).toBeGreaterThan(endpoints.length * 10);
    process.stdout.write(`fuzz: ${requests} requests to ${endpoints.length} endpoints\n`);
    expect(problems.slice(0, 60)).toEqual([]);
    // No refusal names a field as code or carries a path that is not the request's.
    expect([...rawNames].map(([raw, where]) => `${where}: ${raw}`)).toEqual([]);
  }, 600_000);

  it('malformed multipart bodies on every upload answer 400 with the envelope', async () => {
    const uploads = listEndpoints()
      .map((e) => e.endpoint)
      .filter((e) => e.kind === 'upload');
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    const b = 'xyzBOUNDARY';
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `--${b}\r\n`],
      ['garbage', `multipart/form-data; boundary=${b}`, 'not a multipart body at all'],
      [
        'cut short',
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004`,
      ],
      ['a part without headers', `multipart/form-data; boundary=${b}`, `--${b}\r\n\r\nvalue\r\n--${b}--\r\n`],
      [
        'header garbage',
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\n\u0000\u0001: ::\r\n\r\nx\r\n--${b}--\r\n`,
      ],
      [
        'two files',
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nA\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="b.xlsx"\r\n\r\nB\r\n--${b}--\r\n`,
      ],
      [
        'a huge field',
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${'x'.repeat(70_000)}\r\n--${b}--\r\n`,
      ],
      ['no file', `multipart/form-data; boundary=${b}`, `--${b}--\r\n`],
      ['JSON instead', 'application/json', '{"dryRun":true}'],
      ['an empty body', `multipart/form-data; boundary=${b}`, ''],
    ];
    const seen: string[] = [];
    for (const endpoint of uploads)
      for (const [what, type, body] of bodies) {
        const answer = await send({
          method: endpoint.method,
          path: endpoint.path,
          headers: {
            authorization: `Bearer ${token}`,
            [HEADERS.projectId]: String(projectId),
            'content-type': type,
          },
          body,
        });
        const envelope = JSON.parse(answer.text) as { code: number; msg: string };
        seen.push(`${endpoint.id} ${what}: ${answer.status} ${typeof envelope.msg}`);
        expect(answer.status, `${endpoint.id} ${what}: ${answer.text}`).toBe(400);
        expect(envelope.code, `${endpoint.id} ${what}`).toBe(400);
      }
    expect(seen).toHaveLength(uploads.length * bodies.length);
  });

  it('long path parameters, bad URLs, bad JSON and bad project headers answer the envelope', async () => {
    const withParams = listEndpoints()
      .map((e) => e.endpoint)
      .filter((e) => e.pathParams.length > 0);
    const auth = { authorization: `Bearer ${token}` };
    for (const endpoint of withParams) {
      const path = endpoint.path.replace(/\{\w+\}/g, '1'.repeat(5_000));
      const answer = await send({ method: endpoint.method, path, headers: auth });
      expect(answer.status, endpoint.id).toBeLessThan(500);
      expect(JSON.parse(answer.text), endpoint.id).toMatchObject({
        code: expect.any(Number),
        msg: expect.any(String),
        data: null,
      });
    }
    const odd: [string, Parameters<typeof send>[0]][] = [
      [
        'a bad percent escape',
        { method: 'GET', path: '/eem-service/v1/importobject/task/%E0%A4%A', headers: auth },
      ],
      [
        'not JSON',
        {
          method: 'POST',
          path: '/eem-service/v1/auth/common/login',
          headers: { 'content-type': 'application/json' },
          body: '{"userName": ',
        },
      ],
      [
        'JSON too deep',
        {
          method: 'POST',
          path: '/eem-service/v1/auth/common/login',
          headers: { 'content-type': 'application/json' },
          body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        },
      ],
      [
        'a body past the limit',
        {
          method: 'POST',
          path: '/eem-service/v1/costcaculating/convertTime',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ cycles: Array(300_000).fill(12), projectId, time: 0 }),
        },
      ],
      [
        'a prototype key',
        {
          method: 'POST',
          path: '/eem-service/v1/auth/common/login',
          headers: { 'content-type': 'application/json' },
          body: '{"__proto__": {"x": 1}, "userName": "YQ=="}',
        },
      ],
      [
        'an unknown content type',
        {
          method: 'POST',
          path: '/eem-service/v1/auth/common/login',
          headers: { 'content-type': 'text/x-whatever' },
          body: 'hello',
        },
      ],
      ...['0x1', '1e0', '01', '-1', 'abc', '9'.repeat(40)].map((h): [string, Parameters<typeof send>[0]] => [
        `project header ${JSON.stringify(h)}`,
        {
          method: 'GET',
          path: '/eem-service/v1/project/project',
          headers: { ...auth, [HEADERS.projectId]: h },
        },
      ]),
    ];
    for (const [what, options] of odd) {
      const answer = await send(options);
      expect(answer.status, what).toBeGreaterThanOrEqual(400);
      expect(answer.status, what).toBeLessThan(500);
      const envelope = JSON.parse(answer.text) as { code: number; msg: string };
      expect(envelope, what).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
      expect(answer.text.length, what).toBeLessThan(4_000);
      if (what.startsWith('project header')) expect(envelope.msg, what).toContain('header.projectId');
    }
  });
});
