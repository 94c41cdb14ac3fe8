// The owner's rule of approval on the command line (issue 37.4): `approvals rule ACCOUNT on|off` is an
// owner desk's (a publish desk is refused in words, exit 9), `approvals rules [--json]` lists the
// accounts whose publish desks must ask too; each command a child process against a real PostgreSQL.
import { afterAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { cli, serviceOptions, type CliRun } from '../integration/cli/run-cli';
import { initialisedShop, newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

const SECRET = 'S3cretShopClient-cli-rules';
let sandbox: Sandbox | undefined;
afterAll(async () => {
  await sandbox?.close();
  removeDataDirs();
});

async function ok(step: Promise<CliRun>, code = 0): Promise<CliRun> {
  const run = await step;
  expect(run.code, run.stderr).toBe(code);
  return run;
}

it("sets the owner's rule on an owner desk, refuses it on a publish desk, and lists it", async () => {
  sandbox = await startSandbox({ clients: [{ clientId: 'shoprules', clientSecret: SECRET }] });
  const { deskUrl, password, adminUrl } = await initialisedShop();
  const owner = new URL(deskUrl).username;
  const front = `${owner}_f`;
  await ok(cli(['shop', 'add-desk', front, '--owner', adminUrl], {}, 'front-pw-1\n'));
  const office = newDataDir();
  const counter = newDataDir();
  await ok(cli(['shop', 'join', deskUrl, '--data-dir', office, '--name', 'Office'], {}, `${password}\n`));
  const service = serviceOptions(sandbox, 'shoprules');
  await ok(cli(['accounts', 'add', 'Shop', ...service, '--data-dir', office], {}, `${SECRET}\n`));
  const frontUrl = new URL(deskUrl);
  frontUrl.username = front;
  await ok(
    cli(['shop', 'join', frontUrl.toString(), '--data-dir', counter, '--name', 'Front'], {}, 'front-pw-1\n'),
  );
  const [account] = (await sql(adminUrl, `select id from listing_desk.items where kind = 'account'`))
    .rows as {
    id: string;
  }[];

  // A publish desk may not: said in words, nothing written.
  const refused = await ok(cli(['approvals', 'rule', 'Shop', 'on', '--data-dir', counter]), 9);
  // (Refused by the window's rule once the desk knows its role, else by the database, each in words.)
  expect(refused.stderr).toMatch(
    /“publish”.* may not (say whether publish desks must ask|require approval for an account's publish desks)/,
  );
  expect((await sql(adminUrl, 'select account from listing_desk.approval_rules')).rows).toEqual([]);
  const none = await ok(cli(['approvals', 'rules', '--data-dir', counter]));
  expect(none.stdout).toContain('No account requires approval from publish desks');

  // The owner desk sets it; every desk lists it.
  const set = JSON.parse(
    (await ok(cli(['approvals', 'rule', 'Shop', 'on', '--json', '--data-dir', office]))).stdout,
  );
  expect(set).toEqual({ account: account!.id, required: true, accounts: [account!.id] });
  const listed = await ok(cli(['approvals', 'rules', '--data-dir', counter]));
  expect(listed.stdout).toContain(`Shop (${account!.id})`);
  const usage = await ok(cli(['approvals', 'rule', 'Shop', 'maybe', '--data-dir', office]), 2);
  expect(usage.stderr).toContain('approvals rule ACCOUNT on|off');
  await ok(cli(['approvals', 'rule', 'Shop', 'off', '--data-dir', office]));
  const json = JSON.parse((await ok(cli(['approvals', 'rules', '--json', '--data-dir', counter]))).stdout);
  expect(json).toEqual({ accounts: [] });

  // `approvals ask` (issue 37.4): a live ad this desk does not know is said so, nothing asked; its
  // usage is said when its option is missing.
  const unknown = await ok(
    cli(['approvals', 'ask', '0b6f1f0e-2222-4b4b-9c9c-111111111111', '--pause', '--data-dir', counter]),
    1,
  );
  expect(unknown.stderr).toContain('This desk does not know that live ad');
  expect((await sql(adminUrl, 'select id from listing_desk.approvals')).rows).toEqual([]);
  const askUsage = await ok(cli(['approvals', 'ask', 'x', '--data-dir', counter]), 2);
  expect(askUsage.stderr).toContain('approvals ask LISTING --price 12.50');
}, 240_000);
