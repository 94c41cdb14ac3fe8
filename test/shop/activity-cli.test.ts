// `activity [--since TIME] [--json]` (issue 37.5) on a desk of a team: the desk's joining, a login
// added and a role changed with the owner's login, each named with its desk; in English and German; each command a child process against a real PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/domain/activity';
import { silentLog } from '../../src/main/log/log';
import { addDesk, setDeskRole } from '../../src/main/shop/setup';
import { cli, type CliRun } from '../integration/cli/run-cli';
import { initialisedShop, newDataDir, removeDataDirs } from './helpers/shop-cli';

afterAll(() => removeDataDirs());

async function ok(step: Promise<CliRun>, code = 0): Promise<CliRun> {
  const run = await step;
  expect(run.code, run.stderr).toBe(code);
  return run;
}

describe('activity on the command line of a team desk', () => {
  it('lists who did what, newest first, as JSON and as a table in English and German', async () => {
    const { deskUrl, password, adminUrl } = await initialisedShop();
    const front = new URL(deskUrl).username;
    const trainee = `${front}_t`;
    // What `shop add-desk` and `shop role` do (their own tests run the commands), in this process.
    await addDesk({ url: adminUrl, login: { name: trainee, password: 'trainee-pw-1' } }, silentLog);
    await setDeskRole({ url: adminUrl, login: trainee, role: 'prepare' }, silentLog);
    const office = newDataDir();
    await ok(cli(['shop', 'join', deskUrl, '--data-dir', office, '--name', 'Office'], {}, `${password}\n`));
    const json = await ok(cli(['activity', '--json', '--data-dir', office]));
    const { entries } = JSON.parse(json.stdout) as { entries: ActivityEntry[] };
    const kinds = entries.map((entry) => entry.kind);
    expect(kinds.slice(-3)).toEqual(['desk-joined', 'role-change', 'desk-added']);
    expect(entries.find((entry) => entry.kind === 'role-change')).toMatchObject({
      desk: null,
      changed: { login: trainee, from: 'publish', to: 'prepare' },
    });
    expect(entries.find((entry) => entry.kind === 'desk-joined')).toMatchObject({
      desk: { name: 'Office' },
    });

    const text = await ok(cli(['activity', '--since', '1d', '--data-dir', office]));
    expect(text.stdout).toMatch(/Recorded\s+Kind\s+Done by\s+Account\s+Ad or draft\s+What changed/);
    expect(text.stdout).toMatch(/Role change\s+team owner\s+to: prepare; from: publish; login: /);
    expect(text.stdout).toMatch(/Desk joined\s+Office/);
    const german = await ok(cli(['activity', '--data-dir', office], { LANG: 'de_DE.UTF-8' }));
    expect(german.stdout).toMatch(/Rollenänderung\s+Team-Inhaber/);
    expect(german.stdout).toContain('Arbeitsplatz beigetreten');

    const bad = await ok(cli(['activity', '--since', 'yesterday', '--data-dir', office]), 2);
    expect(bad.stderr).toContain('"yesterday" is no time for --since');
  }, 400_000);
});
