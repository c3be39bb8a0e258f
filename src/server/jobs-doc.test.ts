import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobDefinitions } from './features/index';

// docs/jobs.md "Every job" lists each job with its effects, its key, what is retried and what is an outcome: a job
// added without a row there (or a row left for a job removed) fails here.

describe('docs/jobs.md, "Every job"', () => {
  it('has one row per job definition', () => {
    const doc = readFileSync(new URL('../../docs/jobs.md', import.meta.url), 'utf8');
    const section = doc.split('## Every job')[1]?.split('\n## ')[0] ?? '';
    const listed = [...section.matchAll(/^\| `([a-z-]+\.[a-z-]+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(jobDefinitions.map((d) => d.name).sort());
  });
});
