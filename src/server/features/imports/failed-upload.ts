import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import * as q from './queries';

const TOO_LARGE = 'File is too large. The limit is 10 MB.';
const UNREADABLE = 'The file could not be processed. Nothing was imported; please try again.';

/** What the owner reads in the upload history for a refused upload (the same sentence the upload answered). */
export function failureReason(error: unknown): string {
  if (error instanceof HttpError && error.status < 500) return error.message;
  if ((error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') return TOO_LARGE;
  return UNREADABLE;
}

/**
 * Lists a refused upload in the history with its reason (docs/clients-api.md). Nothing of the file was
 * imported; only this log row is written. A failure to write the log never hides the upload's own error.
 */
export async function logFailedUpload(db: Tx, businessId: number, fileName: string, error: unknown): Promise<void> {
  try {
    await q.insertUploadLog(db, {
      id: randomUUID(),
      businessId,
      fileName: fileName.slice(0, 255),
      rowsProcessed: 0,
      rowsSkipped: 0,
      totalRows: 0,
      clientPreviews: [],
      errors: [],
      phoneStats: null,
      failureReason: failureReason(error),
    });
  } catch {
    // The database is the likely cause of both; the upload's error is what the owner needs to see.
  }
}
