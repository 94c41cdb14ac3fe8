// `shop ACTION [URL] [--name NAME] [--json]` and `shop add-desk NAME --owner URL` (issue 32.4) parsed
// before anything is opened, every mistake said in English and German, and a password typed into a
// wrong address never printed back (issue 24.1).
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/main/cli/args';
import { cliWords } from '../../../src/main/cli/words';
import { usageProblem as problem } from '../../unit/helpers/cli-usage';

describe('shop on the command line', () => {
  it('reads each action with its URL and options', () => {
    expect(parseCliArgs(['shop', 'init', 'postgresql://owner@db/shop'])).toMatchObject({
      command: 'shop',
      shopAction: 'init',
      operands: ['postgresql://owner@db/shop'],
    });
    expect(
      parseCliArgs([
        'shop',
        'join',
        'postgres://desk@db:5433/shop?sslmode=require',
        '--name',
        ' Front ',
        '--data-dir',
        '/d',
      ]),
    ).toMatchObject({
      shopAction: 'join',
      operands: ['postgres://desk@db:5433/shop?sslmode=require'],
      name: 'Front',
      dataDir: '/d',
    });
    expect(parseCliArgs(['shop', 'status', '--json'])).toMatchObject({ shopAction: 'status', json: true });
    expect(parseCliArgs(['shop', 'leave'])).toMatchObject({ shopAction: 'leave', operands: [] });
    expect(
      parseCliArgs(['shop', 'add-desk', 'desk_back', '--owner', 'postgresql://owner@db/shop']),
    ).toMatchObject({
      shopAction: 'add-desk',
      operands: ['desk_back'],
      owner: 'postgresql://owner@db/shop',
    });
  });

  it('refuses an add-desk without a plain login name or the owner’s address', () => {
    expect(problem(['shop', 'add-desk', '--owner', 'postgresql://o@db/s'])).toEqual({
      problem: 'shop-login',
    });
    expect(problem(['shop', 'add-desk', 'Desk Back', '--owner', 'postgresql://o@db/s'])).toEqual({
      problem: 'shop-login',
    });
    expect(problem(['shop', 'add-desk', 'desk_back'])).toEqual({ problem: 'shop-owner' });
    expect(problem(['shop', 'add-desk', 'desk_back', '--owner', 'https://o:hunter2@db/s'])).toEqual({
      problem: 'shop-url-bad',
      value: 'https://…@db/s',
    });
    expect(problem(['shop', 'join', 'postgresql://d@db/s', '--owner', 'postgresql://o@db/s'])).toMatchObject({
      flag: '--owner',
    });
    expect(problem(['status', '--owner', 'postgresql://o@db/s'])).toMatchObject({ problem: 'not-with' });
    expect(cliWords('en').usage({ problem: 'shop-owner' })).toContain('--owner postgresql://OWNER@HOST');
    expect(cliWords('de').usage({ problem: 'shop-login' })).toContain(
      'braucht den Namen der neuen Anmeldung',
    );
    expect(cliWords('en').help).toContain('  shop add-desk NAME --owner URL');
  });

  it('reads shop role DESK ROLE --owner URL and shop desks [--json] (issue 37.1)', () => {
    expect(
      parseCliArgs(['shop', 'role', 'desk_back', 'prepare', '--owner', 'postgresql://o@db/s']),
    ).toMatchObject({
      shopAction: 'role',
      operands: ['desk_back', 'prepare'],
      owner: 'postgresql://o@db/s',
    });
    expect(parseCliArgs(['shop', 'desks', '--json'])).toMatchObject({ shopAction: 'desks', json: true });
    expect(problem(['shop', 'role', 'desk_back', 'boss', '--owner', 'postgresql://o@db/s'])).toEqual({
      problem: 'shop-role',
    });
    expect(problem(['shop', 'role', 'desk_back', 'owner'])).toEqual({ problem: 'shop-role-owner' });
    expect(problem(['shop', 'desks', '--owner', 'postgresql://o@db/s'])).toMatchObject({ flag: '--owner' });
    expect(problem(['shop', 'desks', 'x'])).toEqual({ problem: 'no-arguments', command: 'shop' });
    expect(cliWords('de').usage({ problem: 'shop-role' })).toContain('prepare|publish|owner');
  });

  it('refuses what does not fit, in both languages, never echoing a password', () => {
    expect(problem(['shop'])).toEqual({ problem: 'shop-what' });
    expect(problem(['shop', 'join'])).toEqual({ problem: 'shop-url', action: 'join' });
    expect(problem(['shop', 'init', 'a', 'b'])).toEqual({ problem: 'shop-url', action: 'init' });
    const bad = problem(['shop', 'join', 'https://desk:hunter2@db/shop']);
    expect(bad).toEqual({ problem: 'shop-url-bad', value: 'https://…@db/shop' });
    expect(problem(['shop', 'status', '--name', 'x'])).toEqual({
      problem: 'not-with-shop',
      flag: '--name',
      action: 'status',
    });
    expect(problem(['shop', 'init', 'postgresql://o@db/s', '--json'])).toMatchObject({ flag: '--json' });
    expect(problem(['shop', 'leave', '--account', 'Laden'])).toMatchObject({ flag: '--account' });
    expect(problem(['shop', 'leave', 'now'])).toEqual({ problem: 'no-arguments', command: 'shop' });
    expect(problem(['shop', 'join', 'postgresql://d@db/s', '--name', ' '])).toEqual({ problem: 'shop-name' });
    expect(problem(['status', '--name', 'x'])).toEqual({
      problem: 'not-with',
      flag: '--name',
      command: 'status',
    });

    expect(cliWords('en').usage(bad)).toBe(
      '"https://…@db/shop" is not a PostgreSQL address; it starts with postgresql://',
    );
    expect(cliWords('de').usage({ problem: 'shop-what' })).toBe(
      'shop nimmt init, add-desk, join, status, leave, role oder desks.',
    );
    expect(cliWords('en').help).toContain('  9  shop: the team');
    expect(cliWords('de').help).toContain('  shop join URL [--name NAME]');
  });
});
