import fs from 'node:fs';
import path from 'node:path';

/** The newest .eml the app wrote to its mail outbox for this address (the app runs without SMTP). */
export async function latestMailTo(to: string, timeoutMs = 5000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const deadline = Date.now() + timeoutMs;
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${safe}.eml`)).sort() : [];
    if (files.length) return fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}
