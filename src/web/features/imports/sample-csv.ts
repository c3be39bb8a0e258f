/** The headers of the Data Sources chips, in order: a sample file carries them exactly. */
export const EXPECTED_COLUMNS = [
  'Client Name',
  'Client Email',
  'Client Phone',
  'Service Date (YYYY-MM-DD)',
  'Amount Charged (optional)',
  'Appointment Status',
] as const;

export const SAMPLE_CSV_NAME = 'referloop-sample-bookings.csv';

const SAMPLE_ROWS = [
  ['Jane Smith', 'jane.smith@example.com', '(555) 123-4567', '2025-01-06', '120.00', 'Completed'],
  ['Jane Smith', 'jane.smith@example.com', '(555) 123-4567', '2025-02-03', '120.00', 'Completed'],
  ['Marcus Lee', 'marcus.lee@example.com', '+1-555-234-5678', '2025-01-14', '95.50', 'Completed'],
  ['Priya Patel', 'priya.patel@example.com', '5553456789', '2025-01-20', '', 'Completed'],
  ['Tom Baker', 'tom.baker@example.com', '', '2025-01-22', '150.00', 'Cancelled'],
];

/** A small file in the expected shape: two bookings of one client, a blank amount, a skipped cancellation. */
export function sampleCsv(): string {
  return [EXPECTED_COLUMNS, ...SAMPLE_ROWS].map((row) => row.join(',')).join('\r\n') + '\r\n';
}

export const sampleCsvHref = () => `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv())}`;
