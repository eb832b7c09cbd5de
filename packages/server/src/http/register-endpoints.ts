/**
 * Serves every endpoint of the catalogue: parses params, query and body with the contract's
 * schemas (a clear envelope error naming the field otherwise), checks the session and the
 * permission key, resolves the project header, calls the handler, answers `{code,msg,data}`.
 */
import { type AnyEndpoint, catalogue, id, listEndpoints } from '@eem/contract';
import { HEADERS, WIRE_CODE } from '@eem/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequestContext } from '../context.js';
import type { Services } from '../services.js';
import { ApiError } from './api-error.js';
import { requestLanguage, summariseIssues } from './errors.js';
import type { CatalogueHandlers } from './handlers.js';
import { type MultipartForm, readMultipart } from './read-multipart.js';

type AnyHandler = (input: unknown, ctx: RequestContext) => unknown;

export function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}

export { requestLanguage } from './errors.js';

/**
 * Zod's own rule texts (a wrong type, a missing field) in Chinese for a Chinese request; the
 * contract's texts are its own and go through core's problem-language like every refusal.
 */
const ZH_PARSE = { error: z.locales.zhCN().localeError };

function parsePart(
  part: string,
  schema: z.ZodType | undefined,
  value: unknown,
  language: 'zh' | 'en',
): unknown {
  if (!schema) return undefined;
  const input = value ?? (part === 'body' ? {} : value);
  const result = language === 'zh' ? schema.safeParse(input, ZH_PARSE) : schema.safeParse(input);
  if (!result.success) throw ApiError.validation(summariseIssues(part, result.error.issues));
  const nul = nulPath(result.data, part);
  if (nul) throw ApiError.validation(`${nul}: ${NUL_MESSAGE}`);
  return result.data;
}

const NUL_MESSAGE = 'text cannot contain the NUL character (U+0000)';

/**
 * Where a text of the input holds U+0000, or null. PostgreSQL refuses it in text (SQLite
 * cuts the text there): refused for both, before it reaches the database.
 */
function nulPath(value: unknown, where: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, `${where}.${i}`);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, `${where}.${key}`) ?? (key.includes('\u0000') ? where : null);
      if (found) return found;
    }
  }
  return null;
}

/** The project of the call: the header, which must be one the user may enter. */
function resolveProject(request: FastifyRequest, user: AuthUser | null): number | null {
  const raw = request.headers[HEADERS.projectId.toLowerCase()];
  const text = Array.isArray(raw) ? raw[0] : raw;
  let projectId: number | null = null;
  if (text !== undefined && text !== '' && text !== '0') {
    // 0 or no header: no project (platform mode); otherwise an id, nothing else.
    const parsed = id.safeParse(text);
    if (!parsed.success)
      throw ApiError.at('header.projectId', `must be a project id (a positive whole number) or 0`);
    projectId = parsed.data;
  }
  if (!user) return projectId;
  if (projectId === null && (user.usertype === 3 || user.usertype === 4))
    return user.linkedProjectIds[0] ?? null;
  if (projectId !== null && !user.projectIds.includes(projectId)) {
    throw ApiError.permission(`no permission for project ${projectId}`);
  }
  return projectId;
}

export async function authorize(
  services: Services,
  endpoint: Pick<AnyEndpoint, 'permission'>,
  request: FastifyRequest,
): Promise<{ user: AuthUser | null; sessionHash: string | null }> {
  const token = bearerToken(request);
  if (endpoint.permission === 'public') {
    const found = token ? await services.auth.authenticate(token) : null;
    return { user: found?.user ?? null, sessionHash: found?.hash ?? null };
  }
  if (!token) throw ApiError.unauthorized();
  const found = await services.auth.authenticate(token);
  if (!found) throw ApiError.unauthorized();
  if (endpoint.permission !== 'session' && !found.user.permissions.has(endpoint.permission)) {
    throw ApiError.permission(`no permission for this operation (needs ${endpoint.permission})`);
  }
  return { user: found.user, sessionHash: found.hash };
}

export function registerEndpoints(
  app: FastifyInstance,
  services: Services,
  handlers: CatalogueHandlers,
): void {
  const byArea = handlers as unknown as Record<string, Record<string, AnyHandler>>;
  for (const { area, name, endpoint } of listEndpoints()) {
    const handler = byArea[area]?.[name];
    if (!handler) throw new Error(`no handler for ${endpoint.id}`);
    app.route({
      method: endpoint.method,
      url: fastifyPath(endpoint.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { user, sessionHash } = await authorize(services, endpoint, request);
        // An upload's body is its form fields; the files go to the handler as ctx.uploads.
        const form: MultipartForm | null = endpoint.kind === 'upload' ? await readMultipart(request) : null;
        const language = requestLanguage(request);
        const input = {
          params: parsePart('params', endpoint.params, request.params, language),
          query: parsePart('query', endpoint.query, request.query, language),
          body: parsePart('body', endpoint.body, form ? form.fields : request.body, language),
        };
        const ctx: RequestContext = {
          services,
          user,
          sessionHash,
          projectId: resolveProject(request, user),
          language,
          ip: request.ip,
          uploads: form?.files ?? [],
          request,
          reply,
        };
        const data = await handler(input, ctx);
        // A download handler has sent its file; json and upload calls answer the envelope.
        if (endpoint.kind === 'download') return reply;
        if (!services.config.checkAnswers) return { code: WIRE_CODE.ok, msg: '', data: data ?? null };
        const checked = endpoint.data.safeParse(data);
        if (!checked.success) {
          request.log.error(
            { endpoint: endpoint.id, issues: checked.error.issues },
            'answer does not match the contract',
          );
          throw new ApiError(WIRE_CODE.server, 'internal server error', 500);
        }
        return { code: WIRE_CODE.ok, msg: '', data: checked.data ?? null };
      },
    });
  }
}

/** Every endpoint is served; used by a test. */
export function endpointCount(): number {
  return Object.values(catalogue).reduce((n, area) => n + Object.keys(area).length, 0);
}
