// Booking exports for the import benchmarks. Every row is a completed booking that is new to the
// business it is uploaded into (so the figures measure real work, not duplicate detection).

const HEADER = 'Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type';
const TYPES = ['Regular Clean', 'Deep Clean', 'Move-out Clean'];
const DAY = 86_400_000;
const BASE = Date.UTC(2022, 0, 3);

const dateOf = (days: number) => new Date(BASE + days * DAY).toISOString().slice(0, 10);
const phoneOf = (c: number) => `(555) ${String(200 + (c % 700)).padStart(3, '0')}-${String(c % 10000).padStart(4, '0')}`;

function line(c: number, days: number, i: number, prefix: string) {
  return `"${prefix} ${c}, Jr",${prefix.toLowerCase()}${c}@example.com,${phoneOf(c)},${dateOf(days)},"$${100 + (i % 50)}.50",Completed,${TYPES[i % 3]}`;
}

/**
 * `rows` rows over `clients` clients: client i % clients, its k-th booking 30 days after its (k-1)-th. `from`
 * starts at a later row (the next part of the same history).
 */
export function bulkCsv(rows: number, clients: number, prefix = 'Client', from = 0): string {
  const lines = [HEADER];
  for (let i = from; i < from + rows; i += 1) {
    const c = i % clients;
    lines.push(line(c, Math.floor(i / clients) * 30 + (c % 28), i, prefix));
  }
  return `${lines.join('\n')}\n`;
}

/** The owner's export for one month: each of `clients` clients booked once that month. */
export function monthlyCsv(month: number, clients: number, prefix = 'Client'): string {
  const lines = [HEADER];
  for (let c = 0; c < clients; c += 1) lines.push(line(c, month * 30 + (c % 28), c + month, prefix));
  return `${lines.join('\n')}\n`;
}
