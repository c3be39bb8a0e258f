import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { createTestApp } from './test-app';

/**
 * The app serving a built web app in miniature: `files` (path in the build → content) in a folder of its own,
 * on a test database of its own. `close` removes both.
 */
export async function createWebTestApp(files: Record<string, string>) {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referloop-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(webDir, name)), { recursive: true });
    fs.writeFileSync(path.join(webDir, name), content);
  }
  const t = await createTestApp();
  const app = await buildApp({ ...t.app.deps, config: { ...t.app.deps.config, webDir } });
  await app.ready();
  return {
    t,
    app,
    async close() {
      await app.close();
      await t.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    },
  };
}
