/** Limits of the node import. */

/** The largest workbook accepted (bytes); the multipart limit of the server is at least this. */
export const NODE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The most data rows one import takes (all sheets together). */
export const NODE_IMPORT_MAX_ROWS = 100_000;

/** Rows of the template that get the enumeration lists (data validation). */
export const TEMPLATE_ROWS = 10_000;

/** Progress is reported at least this often (a share of the rows). */
export const PROGRESS_STEP = 0.05;
