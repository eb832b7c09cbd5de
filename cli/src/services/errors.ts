/**
 * Recognises the SDK's errors by name and fields, so that the error handler need not load the
 * SDK (and works whichever copy of it threw).
 */

export interface SdkErrorShape {
  name: string;
  message: string;
  code: number;
  msg: string;
  endpointId: string;
  httpStatus: number | null;
  lockWarning?: string;
  url?: string;
  method?: string;
  reason?: string;
  issues?: { path: string; message: string }[];
}

export function asSdkError(error: unknown): SdkErrorShape | undefined {
  if (!(error instanceof Error)) return undefined;
  const e = error as Error & Partial<SdkErrorShape>;
  if (typeof e.code !== 'number' || typeof e.msg !== 'string' || typeof e.endpointId !== 'string')
    return undefined;
  return e as SdkErrorShape;
}

export function isSdkError(error: unknown, name: string): boolean {
  return asSdkError(error)?.name === name;
}
