/** Limits of the node import (the shared ones are in core's NODE_IMPORT_LIMITS). */
import { NODE_IMPORT_LIMITS } from '@eem/core';

/** The largest workbook accepted (bytes); the multipart limit of the server is at least this. */
export const NODE_IMPORT_MAX_BYTES = NODE_IMPORT_LIMITS.maxBytes;

/** The most data rows one import takes (all sheets together). */
export const NODE_IMPORT_MAX_ROWS = NODE_IMPORT_LIMITS.maxRows;

/** Rows of the template that get the enumeration lists (data validation). */
export const TEMPLATE_ROWS = 10_000;

/** Progress is reported at least this often (a share of the rows). */
export const PROGRESS_STEP = 0.05;

/**
 * What an uploaded workbook may expand to while it is read (workbook-bounds.ts): the largest
 * legitimate import (100,000 nodes; a 134,400-row reading import) stays well within them.
 */
export const WORKBOOK_LIMITS = {
  /** One part (a worksheet's XML, the shared strings). */
  partBytes: 64 * 1024 * 1024,
  /** All parts together. */
  totalBytes: 160 * 1024 * 1024,
  /** The text of a cell (Excel's own limit). */
  cellChars: 32_767,
  /** Rows of all worksheets together (header rows included). */
  rows: 200_000,
} as const;

/** Imports (nodes or readings) that run at once: on one server, and of one user. */
export const IMPORTS_AT_ONCE = { server: 4, user: 2 } as const;
