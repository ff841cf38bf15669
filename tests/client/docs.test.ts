// The README and docs/ stay true (issue 34 point 5): every relative link points to a file that exists (and to a
// heading that exists, for an anchor into a Markdown page), every npm command they name is a script of package.json,
// and the README stays a page a newcomer reads in ten minutes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 250;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const pages = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const rel = (file: string) => path.relative(root, file);

/** The page's prose: code fences removed (their contents are examples, not links). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every [text](target) of the page outside code, with the line it is on. */
function linksOf(file: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  const lines = prose(readFileSync(file, 'utf8')).split('\n');
  lines.forEach((text, i) => {
    const withoutCode = text.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) links.push({ target: match[1], line: i + 1 });
  });
  return links;
}

/** What a link points at that does not exist, or null. */
function brokenTarget(file: string, target: string): string | null {
  if (/^(https?:|mailto:)/.test(target)) return null;
  const [pathPart, anchor] = target.split('#') as [string, string | undefined];
  const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  if (!resolved.startsWith(root + path.sep) && resolved !== root) return `${target} leaves the repository`;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
    return `${target}: no heading #${anchor} in ${rel(resolved)}`;
  }
  return null;
}

describe('README and docs/', () => {
  it('every relative link points to an existing file and heading', () => {
    const broken = pages.flatMap((file) =>
      linksOf(file).flatMap(({ target, line }) => {
        const problem = brokenTarget(file, target);
        return problem ? [`${rel(file)}:${line} ${problem}`] : [];
      }));
    expect(broken).toEqual([]);
  });

  it('every npm command they name is a script of package.json', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const builtIn = new Set(['install', 'ci', 'run']);
    const missing = pages.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const named = [
        // a pattern such as `npm run bench:<name>` or `npm run db:*` names no one script
        ...[...text.matchAll(/\bnpm run(?: -s| --silent)? ([\w:.-]*\w)(?![\w:.<*-])/g)].map((m) => m[1]),
        ...[...text.matchAll(/\bnpm (start|test|stop|restart)\b/g)].map((m) => m[1]),
      ];
      return named.filter((script) => !builtIn.has(script) && !scripts.includes(script)).map((script) => `${rel(file)}: npm run ${script}`);
    });
    expect(missing).toEqual([]);
  });

  it('the README is a map, not a notebook: under 250 lines, linking every page of docs/', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(README_MAX_LINES);
    const linked = new Set(linksOf(path.join(root, 'README.md')).map(({ target }) => path.resolve(root, target.split('#')[0])));
    const unlinked = markdownFiles(path.join(root, 'docs')).filter((page) => !linked.has(page)).map(rel);
    expect(unlinked).toEqual([]);
  });

  it('the README shows the two commands: install and start, and the whole test suite', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toMatch(/^npm test\b/m);
  });
});
