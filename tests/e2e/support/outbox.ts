import fs from 'node:fs';
import path from 'node:path';

/**
 * The newest .eml the app wrote to its mail outbox for this address (the app runs without SMTP) whose
 * text contains `containing`. Waits for it: the address may already hold an earlier mail (the welcome
 * mail of sign-up) while the one asked for is still being sent by a background job.
 */
export async function latestMailTo(to: string, containing: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + timeoutMs;
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safe}.eml`)).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      if (text.replace(/=\r?\n/g, '').includes(containing)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} containing "${containing}" in ${dir}`);
}
