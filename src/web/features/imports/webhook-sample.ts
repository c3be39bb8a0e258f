/** The nested test payload the Send Test button posts and the sample display shows. */
export function sampleWebhookPayload(today = new Date()) {
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return {
    // Checked and logged as a test by the webhook; it adds no client (docs/clients-api.md).
    test: true,
    client: { name: 'Test Client', email: 'test.client@example.com' },
    job: { date, service: 'Regular Clean', amount: 150 },
  };
}

/** Same-origin path of the webhook URL, so the test call carries this site's Origin. */
export function webhookPath(webhookUrl: string): string {
  try {
    return new URL(webhookUrl, window.location.origin).pathname;
  } catch {
    return webhookUrl;
  }
}
