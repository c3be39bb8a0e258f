import { JobPayloadError, type JobQueue, type JobsLog, type JobsOptions } from './start-jobs';

/** Fast polling for tests (pg-boss minimums). */
export const fastJobs: JobsOptions = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

/** A logger that keeps what it is given, so a test can assert that no job failed. */
export function memoryLog(): JobsLog & { errors: unknown[]; infos: unknown[] } {
  const errors: unknown[] = [];
  const infos: unknown[] = [];
  return {
    errors,
    infos,
    info: (obj, msg) => infos.push({ ...obj, msg }),
    error: (obj, msg) => errors.push({ ...obj, msg }),
  };
}

/** Polls `check` until it is truthy or `ms` pass. */
export async function waitFor<T>(check: () => Promise<T> | T, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`waitFor: condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type QueuedJob = { name: string; data: unknown; key: string; priority?: number };

/**
 * A queue that only records what was sent (payload checked, one job per name and key, as the real
 * queue): the default for test apps that do not start pg-boss. A test that needs the work done starts
 * real jobs (createTestApp's `jobs` option).
 */
export function memoryQueue(): JobQueue & { sent: QueuedJob[] } {
  const sent: QueuedJob[] = [];
  return {
    sent,
    async send(definition, data, { key, priority }) {
      const parsed = definition.schema.safeParse(data);
      if (!parsed.success) throw new JobPayloadError(definition.name, parsed.error.issues.map((i) => i.message).join('; '));
      if (sent.some((j) => j.name === definition.name && j.key === key)) return null;
      sent.push({ name: definition.name, data: parsed.data, key, ...(priority === undefined ? {} : { priority }) });
      return `${definition.name}:${key}`;
    },
    async sendMany(definition, items) {
      for (const item of items) await this.send(definition, item.data, { key: item.key, priority: item.priority });
    },
  };
}
