// The command line's parsing: every usage error is caught before the data folder is opened, and
// said in English and German.
import { describe, expect, it } from 'vitest';
import { parseCliArgs, type UsageProblem } from '../../../src/main/cli/args';
import { cliWords } from '../../../src/main/cli/words';
import { usageProblem as problem } from '../../unit/helpers/cli-usage';

const id = '6f1c2b7e-9a41-4f3e-8d2a-0c5b7e9f1a23';

describe('parseCliArgs', () => {
  it('reads each command with its options', () => {
    expect(parseCliArgs(['publish', '--ready', '--data-dir', '/d', '--account', 'Laden'])).toMatchObject({
      command: 'publish',
      ready: true,
      operands: [],
      dataDir: '/d',
      account: 'Laden',
      waitMinutes: 30,
    });
    expect(parseCliArgs(['publish', id, id, '--wait', '0'])).toMatchObject({
      operands: [id, id],
      waitMinutes: 0,
    });
    expect(parseCliArgs(['import', 'a.csv', '--photos', 'fotos'])).toMatchObject({
      command: 'import',
      operands: ['a.csv'],
      photos: 'fotos',
    });
    expect(parseCliArgs(['export', 'x.XLSX', '--listings', '--replace'])).toMatchObject({
      listings: true,
      replace: true,
    });
    expect(parseCliArgs(['status', '--json'])).toMatchObject({ command: 'status', json: true });
    expect(parseCliArgs(['listings'])).toMatchObject({ command: 'listings', json: false });
    expect(parseCliArgs([]).command).toBe('help');
    expect(parseCliArgs(['status', '-h']).command).toBe('help');
  });

  it('refuses what does not fit, naming it', () => {
    expect(problem(['frobnicate'])).toEqual({ problem: 'unknown-command', name: 'frobnicate' });
    expect(problem(['status', '--colour'])).toMatchObject({ problem: 'options' });
    expect(problem(['publish'])).toEqual({ problem: 'publish-what' });
    expect(problem(['publish', '--ready', id])).toEqual({ problem: 'publish-what' });
    expect(problem(['publish', 'abc'])).toEqual({ problem: 'not-an-id', id: 'abc' });
    expect(problem(['publish', '--ready', '--json'])).toEqual({
      problem: 'not-with',
      flag: '--json',
      command: 'publish',
    });
    expect(problem(['status', '--ready'])).toEqual({
      problem: 'not-with',
      flag: '--ready',
      command: 'status',
    });
    expect(problem(['publish', '--ready', '--wait', 'soon'])).toEqual({ problem: 'wait', value: 'soon' });
    expect(problem(['import'])).toEqual({ problem: 'import-one' });
    expect(problem(['import', 'a.csv', 'b.csv'])).toEqual({ problem: 'import-one' });
    expect(problem(['export'])).toEqual({ problem: 'export-one' });
    expect(problem(['export', 'out.ods'])).toEqual({ problem: 'export-type', file: 'out.ods' });
    expect(problem(['status', 'now'])).toEqual({ problem: 'no-arguments', command: 'status' });
    expect(problem(['listings', '--data-dir', ' '])).toEqual({ problem: 'data-dir-empty' });
    expect(problem(['import', 'a.csv', '--listings'])).toEqual({
      problem: 'not-with',
      flag: '--listings',
      command: 'import',
    });
  });

  it('reads publish --at and worker [--once], and refuses what does not fit them (issue 25.8)', () => {
    expect(parseCliArgs(['publish', id, '--at', '2026-12-01 09:30'])).toMatchObject({
      command: 'publish',
      operands: [id],
      at: '2026-12-01 09:30',
    });
    expect(parseCliArgs(['worker', '--once', '--data-dir', '/d'])).toMatchObject({
      command: 'worker',
      once: true,
    });
    expect(parseCliArgs(['worker'])).toMatchObject({ command: 'worker', once: false });
    expect(problem(['publish', '--ready', '--at', '2026-12-01 09:30'])).toEqual({ problem: 'at-ready' });
    expect(problem(['status', '--at', '2026-12-01 09:30'])).toEqual({
      problem: 'not-with',
      flag: '--at',
      command: 'status',
    });
    expect(problem(['publish', id, '--once'])).toEqual({
      problem: 'not-with',
      flag: '--once',
      command: 'publish',
    });
    expect(problem(['worker', id])).toEqual({ problem: 'no-arguments', command: 'worker' });
  });

  it('words every usage problem in English and German', () => {
    const problems: UsageProblem[] = [
      { problem: 'options', detail: 'x' },
      { problem: 'unknown-command', name: 'x' },
      { problem: 'data-dir-empty' },
      { problem: 'data-dir-missing', dir: '/x' },
      { problem: 'wait', value: 'x' },
      { problem: 'not-with', flag: '--json', command: 'publish' },
      { problem: 'import-one' },
      { problem: 'export-one' },
      { problem: 'export-type', file: 'x' },
      { problem: 'publish-what' },
      { problem: 'not-an-id', id: 'x' },
      { problem: 'no-arguments', command: 'status' },
      { problem: 'account-unknown', name: 'x', names: ['Sandbox'] },
      { problem: 'not-available', command: 'export' },
      { problem: 'data-dir-create', dir: '/x', why: 'EACCES' },
      { problem: 'accounts-what' },
      { problem: 'accounts-name', action: 'test' },
      { problem: 'accounts-add-needs', flags: '--auth-url' },
      { problem: 'url', flag: '--auth-url', value: 'x' },
      { problem: 'radius', value: 'x' },
      { problem: 'not-with-action', flag: '--json', action: 'test' },
      { problem: 'secret-argument' },
      { problem: 'secret-empty' },
      { problem: 'sandbox-name', name: 'x' },
      { problem: 'at-ready' },
    ];
    for (const p of problems) {
      const en = cliWords('en').usage(p);
      const de = cliWords('de').usage(p);
      expect(en.length, p.problem).toBeGreaterThan(10);
      expect(de.length, p.problem).toBeGreaterThan(10);
      expect(de, p.problem).not.toBe(en);
    }
    // The help names every exit code in both languages.
    for (const help of [cliWords('en').help, cliWords('de').help])
      for (const code of ['0', '1', '2', '3', '4', '5', '6', '7', '130'])
        expect(help).toMatch(new RegExp(`\\n  ${code} `));
  });

  it('reads the accounts commands, and refuses a secret given as an option (issue 26.5)', () => {
    const service = [
      '--auth-url',
      'https://auth.example.com/auth',
      '--base-url',
      'https://api.example.com/api',
    ];
    expect(parseCliArgs(['accounts', 'add', ' Laden ', ...service, '--client-id', 'laden-1'])).toMatchObject({
      command: 'accounts',
      action: 'add',
      operands: ['Laden'],
      service: {
        authUrl: 'https://auth.example.com/auth',
        baseUrl: 'https://api.example.com/api',
        clientId: 'laden-1',
      },
    });
    expect(parseCliArgs(['accounts', 'list', '--json'])).toMatchObject({
      action: 'list',
      json: true,
      operands: [],
    });
    expect(
      parseCliArgs(['accounts', 'defaults', 'Laden', '--postal-code', '10115', '--radius', '25']),
    ).toMatchObject({
      action: 'defaults',
      operands: ['Laden'],
      defaults: { postalCode: '10115', availabilityRadiusInKm: '25' },
    });
    expect(problem(['accounts', 'add', 'Laden', ...service, '--client-id', 'x', '--secret', 's'])).toEqual({
      problem: 'secret-argument',
    });
    expect(problem(['accounts', 'add', 'Laden', '--client-secret=s'])).toEqual({
      problem: 'secret-argument',
    });
    expect(problem(['accounts'])).toEqual({ problem: 'accounts-what' });
    expect(problem(['accounts', 'remove', 'x'])).toEqual({ problem: 'accounts-what' });
    expect(problem(['accounts', 'test'])).toEqual({ problem: 'accounts-name', action: 'test' });
    expect(problem(['accounts', 'add', 'Laden', '--client-id', 'x'])).toEqual({
      problem: 'accounts-add-needs',
      flags: '--auth-url, --base-url',
    });
    expect(
      problem([
        'accounts',
        'add',
        'Laden',
        '--auth-url',
        'auth.example.com',
        '--base-url',
        'https://a',
        '--client-id',
        'x',
      ]),
    ).toEqual({
      problem: 'url',
      flag: '--auth-url',
      value: 'auth.example.com',
    });
    expect(problem(['accounts', 'test', 'Laden', '--email', 'a@b'])).toEqual({
      problem: 'not-with-action',
      flag: '--email',
      action: 'test',
    });
    expect(problem(['accounts', 'defaults', 'Laden', '--radius', '10 km'])).toEqual({
      problem: 'radius',
      value: '10 km',
    });
    expect(problem(['status', '--email', 'a@b'])).toEqual({
      problem: 'not-with',
      flag: '--email',
      command: 'status',
    });
  });
});
