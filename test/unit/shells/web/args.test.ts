import { describe, expect, it } from 'vitest';
import { parseWebShellArgs } from '../../../../src/main/shells/web/args';

describe('parseWebShellArgs', () => {
  it('defaults to a free port, the default data folder and opening the browser', () => {
    expect(parseWebShellArgs([])).toEqual({ port: 0, dataDir: undefined, open: true });
  });

  it('reads every flag', () => {
    expect(parseWebShellArgs(['--port', '8123', '--data-dir', '/tmp/ld', '--no-open'])).toEqual({
      port: 8123,
      dataDir: '/tmp/ld',
      open: false,
    });
    expect(parseWebShellArgs(['--port=0'])).toMatchObject({ port: 0 });
    expect(parseWebShellArgs(['--port', '65535'])).toMatchObject({ port: 65535 });
  });

  it.each(['abc', '-1', '65536', '1.5', '', '0x50', '1e3', ' 80', 'Infinity'])(
    'refuses --port=%j with a message saying what to fix',
    (port) => {
      expect(() => parseWebShellArgs([`--port=${port}`])).toThrow(
        `--port must be a whole number from 0 to 65535 (0 picks a free port), not "${port}".`,
      );
    },
  );

  it('refuses unknown flags and stray arguments', () => {
    expect(() => parseWebShellArgs(['--host', '0.0.0.0'])).toThrow(/--host/);
    expect(() => parseWebShellArgs(['serve'])).toThrow();
  });

  it('refuses a flag without its value', () => {
    expect(() => parseWebShellArgs(['--port'])).toThrow(/--port/);
  });
});
