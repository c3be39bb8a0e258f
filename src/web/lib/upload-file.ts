import type { UploadResult } from '../../shared/schemas/imports';
import { reportUnauthorized } from './api';
import { UPLOAD_CSV_URL } from './query-keys/imports';

/** Why an upload failed, worded as the spec's 'Upload Failed' toast description. */
export class UploadError extends Error {}

/**
 * POST /api/upload/csv as multipart (field `csv`). XMLHttpRequest rather than fetch because only it
 * reports upload progress; credentials are sent like every other call.
 */
export function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_CSV_URL);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      reportUnauthorized(UPLOAD_CSV_URL, xhr.status);
      let body: any = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as UploadResult);
      if (typeof body?.message === 'string' && body.message) return reject(new UploadError(body.message));
      reject(new UploadError(`Upload failed with status: ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError('Upload failed'));
    xhr.onabort = () => reject(new UploadError('Upload failed'));
    const form = new FormData();
    form.append('csv', file);
    xhr.send(form);
  });
}
