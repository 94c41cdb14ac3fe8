// A part of the UI loaded on demand (src/renderer/lazy/lazy-part.ts): fetched once however often
// it is asked for, and fetched again after a failed load instead of keeping the failure, both by
// preload() and when React renders it again (rendered here with React's own static renderer).
import { createElement, Suspense, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyPart } from '../../../src/renderer/lazy/lazy-part';

const Hello = ({ name }: { name: string }) => createElement('p', null, `hello ${name}`);

/** The HTML React renders for `node`, waiting for lazy parts; errors go to `errors`. */
async function html(node: ReactNode, errors: unknown[] = []): Promise<string> {
  const { prelude } = await prerender(node, { onError: (error) => void errors.push(error) });
  return new Response(prelude).text();
}

/** A part whose first `failures` loads fail. */
function flakyPart(failures: number) {
  const counter = { loads: 0 };
  const part = lazyPart(
    async () => {
      counter.loads += 1;
      if (counter.loads <= failures) throw new Error('chunk not readable');
      return { Hello };
    },
    (module) => module.Hello,
  );
  return { part, counter };
}

describe('lazyPart', () => {
  it('loads its module once for any number of preloads and renders', async () => {
    const { part: Part, counter } = flakyPart(0);
    expect(counter.loads).toBe(0);
    await Promise.all([Part.preload(), Part.preload()]);
    expect(await html(createElement(Part, { name: 'Ada' }))).toContain('hello Ada');
    expect(await html(createElement(Part, { name: 'Bo' }))).toContain('hello Bo');
    expect(counter.loads).toBe(1);
  });

  it('once preloaded, renders at once without suspending (no fallback, not even for a moment)', async () => {
    const tree = (Part: ComponentType<{ name: string }>) =>
      createElement(Suspense, { fallback: 'loading' }, createElement(Part, { name: 'Ada' }));
    // Not preloaded: the first render suspends to the fallback.
    expect(renderToString(tree(flakyPart(0).part))).not.toContain('hello Ada');
    const { part: Part } = flakyPart(0);
    await Part.preload();
    expect(renderToString(tree(Part))).toContain('hello Ada');
  });

  it('preloads again after a load that failed', async () => {
    const { part: Part, counter } = flakyPart(1);
    await expect(Part.preload()).rejects.toThrow('chunk not readable');
    await expect(Part.preload()).resolves.toEqual({ Hello });
    expect(counter.loads).toBe(2);
  });

  it('renders after a render whose load failed (React.lazy alone would keep the failure)', async () => {
    const { part: Part, counter } = flakyPart(1);
    const tree = createElement(Suspense, { fallback: 'loading' }, createElement(Part, { name: 'Ada' }));
    const errors: unknown[] = [];
    const first = await html(tree, errors);
    expect(first).not.toContain('hello Ada');
    expect(String(errors[0])).toContain('chunk not readable');
    expect(await html(tree)).toContain('hello Ada');
    expect(counter.loads).toBe(2);
  });
});
