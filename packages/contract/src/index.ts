export { catalogue, listEndpoints } from './catalogue.js';
export type { AreaName, Catalogue } from './catalogue.js';
export * from './channels.js';
export * from './define-endpoint.js';
export * from './schemas.js';
export { systemInfo } from './areas/shell.js';
