// Response shapes of docs/clients-api.md (imports and webhook).

export type PhoneStats = { total: number; withPhone: number; withoutPhone: number; invalid: number; coverage: number };

export type ClientPreview = { name: string; email: string | null; phone: string | null; serviceDate: string; amount: number | null };

export type UploadResult = {
  id: string;
  processed: number;
  skipped: number;
  errors: string[];
  message: string;
  totalRows: number;
  newClients: number;
  updatedClients: number;
  newBookings: number;
  duplicateBookings: number;
  phoneStats: PhoneStats;
  clientPreviews: ClientPreview[];
};

export type CsvUploadRecord = {
  id: string;
  fileName: string;
  timestamp: string;
  rowsProcessed: number;
  rowsSkipped: number;
  totalRows: number;
  phoneStats: Partial<PhoneStats> | null;
  clientPreviews: ClientPreview[] | null;
  errors: string[] | null;
};

export type WebhookLogEntry = {
  id: number;
  status: 'success' | 'skipped' | 'error' | string;
  payload: unknown;
  errorMessage: string | null;
  clientName: string | null;
  createdAt: string;
};

export type BusinessProfile = {
  id: number;
  name: string;
  email: string;
  webhookUrl: string | null;
  webhookToken: string | null;
};
