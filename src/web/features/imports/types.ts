// Response shapes of docs/clients-api.md (imports and webhook), from the shared contract.
export type { UploadRecord as CsvUploadRecord, UploadResult, WebhookLogEntry } from '../../../shared/schemas/imports';
