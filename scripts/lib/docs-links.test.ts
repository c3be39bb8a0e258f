import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every relative link in docs/, README.md and ARCHITECTURE.md points to a file that exists and, when it names
// an anchor, to a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link or a heading can be. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(readFileSync(file, 'utf8'))) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const line of prose(readFileSync(file, 'utf8'))) {
    const outsideCode = line.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#');
      const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
      if (!existsSync(resolved)) {
        broken.push(`${path.relative(root, file)}: ${target} (no such file)`);
      } else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(decodeURIComponent(anchor).toLowerCase())) {
        broken.push(`${path.relative(root, file)}: ${target} (no such heading)`);
      }
    }
  }
  return broken;
}

describe('links between the docs', () => {
  it('every relative link points to an existing file and heading', () => {
    const files = [...markdownFiles(path.join(root, 'docs')), path.join(root, 'README.md'), path.join(root, 'ARCHITECTURE.md')];
    expect(files.length).toBeGreaterThan(3);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it('finds a broken file link and a broken anchor', () => {
    const benchmarks = path.join(root, 'docs', 'benchmarks.md');
    expect(anchorsOf(benchmarks).has('import--npm-run-benchimport')).toBe(true);
    expect(anchorsOf(benchmarks).has('no-such-heading')).toBe(false);
  });
});
