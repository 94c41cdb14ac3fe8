import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, devContentSecurityPolicy } from '../../src/main/serving/csp';

describe('content security policy', () => {
  it('allows no inline script, no plugin, no frame and no form in the app', () => {
    const policy = contentSecurityPolicy(['ws://127.0.0.1:4000']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self' ws://127.0.0.1:4000");
    expect(policy).not.toContain('unsafe');
  });

  it("relaxes only what Vite's dev server needs: its refresh preamble and its hot-reload socket", () => {
    const policy = devContentSecurityPolicy('http://localhost:5173/');
    expect(policy).toContain("script-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self' ws://localhost:5173");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });
});
