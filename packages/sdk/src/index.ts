/** @eem/sdk: the typed client of the platform (browser-safe; Node-only code loads lazily). */

export { queryString } from './build-url.js';
export type { EndpointId, EndpointName } from './catalogue-areas.js';
export { preloadAreas } from './catalogue-areas.js';
export type {
  ClientOptions,
  Language,
  RequestOptions,
  ResolvedClientOptions,
  TokenSource,
} from './client-context.js';
export { DEFAULT_TIMEOUT_MS } from './client-context.js';
export type {
  AreaClient,
  CallArgs,
  CallInput,
  CatalogueClient,
  ChangePasswordInput,
  Client,
  ClientAreas,
  ClientMethods,
  DownloadCall,
  EndpointCall,
  EndpointMember,
  EndpointOfKind,
  InputRequired,
  LoginOptions,
  SessionAnswer,
  UploadCall,
  UploadInput,
} from './create-client.js';
export { createClient } from './create-client.js';
export type { DownloadResult } from './download.js';
export { filenameFromDisposition, withExtension } from './download.js';
export type { EemErrorInit, ErrorContext, NetworkFailure, ValidationIssue } from './errors.js';
export {
  CLIENT_CODE,
  EemError,
  errorFromEnvelope,
  errorFromHttpStatus,
  FORBIDDEN_IGNORED_ENDPOINTS,
  GRAPH_QUERY_ENDPOINT_ID,
  NetworkError,
  NotFoundError,
  PasswordExpiredError,
  PermissionError,
  redact,
  SessionExpiredError,
  ValidationError,
  WrongCredentialsError,
} from './errors.js';
export type {
  AnyQueryKey,
  AreaKey,
  EndpointKey,
  EndpointMutationOptions,
  EndpointQueryOptions,
  MutationFactoriesOf,
  MutationFactory,
  MutationInput,
  MutationOptionsFactories,
  MutationResult,
  MutationSettings,
  QueryClientLike,
  QueryFactoriesOf,
  QueryFactory,
  QueryKey,
  QueryOptionsFactories,
  QueryScope,
} from './queries.js';
export {
  areaKey,
  callKey,
  createMutationOptions,
  createQueryOptions,
  endpointKey,
  inScope,
  invalidate,
} from './queries.js';
export type {
  ChannelClient,
  ChannelHandle,
  ChannelName,
  ChannelOptions,
  ChannelRetry,
  ChannelState,
  ChannelStatus,
  ChannelWrapperOptions,
  MessageSchema,
  NoticeChannelOptions,
  ProgressChannelOptions,
  StatusListener,
  WebSocketConstructor,
  WebSocketLike,
} from './realtime.js';
export { channelUrl, openChannel, openNoticeChannel, openProgressChannel } from './realtime.js';
export type { TaskUpdate, TaskWatchClient, WatchTaskOptions } from './task-watcher.js';
export { watchTask } from './task-watcher.js';
export type {
  FetchLike,
  HeadersLike,
  Transport,
  TransportRequest,
  TransportResponse,
  UndiciTransportOptions,
} from './transport.js';
export { defaultTransport, fetchTransport, undiciTransport } from './transport.js';
export type { UploadFile, UploadParts } from './upload.js';
export { buildFormData } from './upload.js';
