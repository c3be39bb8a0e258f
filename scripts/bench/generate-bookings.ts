/** A realistic booking export: `rows` rows over `clients` clients, some not completed. */
export function generateBookingsCsv(rows: number, clients: number): string {
  const lines = ['Client Name,Client Email,Client Phone,Service Date,Amount Charged,Appointment Status,Service Type'];
  const types = ['Regular Clean', 'Deep Clean', 'Move-out Clean'];
  for (let i = 0; i < rows; i += 1) {
    const c = (i * 7919) % clients;
    const day = new Date(Date.UTC(2022, 0, 1) + ((i * 31) % 1000) * 86400000).toISOString().slice(0, 10);
    const phone = `(555) ${String(200 + (c % 700)).padStart(3, '0')}-${String(c % 10000).padStart(4, '0')}`;
    const status = i % 20 === 0 ? 'Cancelled' : 'Completed';
    lines.push(`"Client ${c}, Jr",client${c}@example.com,${phone},${day},"$${100 + (i % 50)}.50",${status},${types[i % 3]}`);
  }
  return `${lines.join('\n')}\n`;
}
