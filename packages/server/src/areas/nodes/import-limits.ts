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
