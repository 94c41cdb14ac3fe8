// The image globs of kleinanzeigen-bot ad files ("images/laptop_*.{jpg,png}", "**/*.jpg"),
// resolved relative to the ad file. Node 20 has no fs.glob; this covers what the bot documents:
// '*', '?', '**', '[...]' and '{a,b}'.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The alternatives of the first `{a,b}` group, expanded (nested groups in turn). */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open === -1) return [pattern];
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth += 1;
    else if (pattern[i] === '}' && --depth === 0) {
      const inner = pattern.slice(open + 1, i);
      const options: string[] = [];
      let start = 0;
      let level = 0;
      for (let j = 0; j < inner.length; j++) {
        if (inner[j] === '{') level += 1;
        else if (inner[j] === '}') level -= 1;
        else if (inner[j] === ',' && level === 0) {
          options.push(inner.slice(start, j));
          start = j + 1;
        }
      }
      options.push(inner.slice(start));
      const head = pattern.slice(0, open);
      const tail = pattern.slice(i + 1);
      return options.flatMap((option) => expandBraces(`${head}${option}${tail}`));
    }
  }
  return [pattern];
}

const MAGIC = /[*?[]/;

/** A regular expression for one path segment of a glob. */
function segmentRegex(segment: string): RegExp {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 1);
      if (close === -1) out += '\\[';
      else {
        const body = segment
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, process.platform === 'win32' ? 'i' : '');
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

async function walk(dir: string, segments: string[], found: Set<string>): Promise<void> {
  if (segments.length === 0) return;
  const [segment, ...rest] = segments as [string, ...string[]];
  if (segment === '**') {
    await walk(dir, rest, found);
    for (const entry of await entries(dir))
      if (entry.isDirectory() && !entry.name.startsWith('.'))
        await walk(path.join(dir, entry.name), segments, found);
    return;
  }
  if (!MAGIC.test(segment)) {
    const next = path.join(dir, segment);
    if (rest.length === 0) {
      if ((await entries(dir)).some((e) => e.name === segment && !e.isDirectory())) found.add(next);
    } else await walk(next, rest, found);
    return;
  }
  const regex = segmentRegex(segment);
  for (const entry of await entries(dir)) {
    if (!regex.test(entry.name) || (entry.name.startsWith('.') && !segment.startsWith('.'))) continue;
    const next = path.join(dir, entry.name);
    if (rest.length === 0) {
      if (!entry.isDirectory()) found.add(next);
    } else if (entry.isDirectory()) await walk(next, rest, found);
  }
}

/** The files a glob matches, relative to `baseDir` unless absolute; sorted by path per pattern. */
export async function globFiles(pattern: string, baseDir: string): Promise<string[]> {
  const found = new Set<string>();
  for (const expanded of expandBraces(pattern.replace(/\\/g, '/'))) {
    const absolute = path.isAbsolute(expanded) ? expanded : path.join(baseDir, expanded);
    const { root } = path.parse(absolute);
    const segments = absolute
      .slice(root.length)
      .split(/[\\/]/)
      .filter((s) => s !== '' && s !== '.');
    await walk(root, segments, found);
  }
  return [...found].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}
