// A team of desks for the e2e specs of issue 37 (roles, the team's feeds, approvals): a real
// PostgreSQL this spec starts, the team made with `shop init`, and data folders joined to it with a
// new login in a role, as `shop join` leaves them; axe over a part of the page.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cli } from '../integration/cli/run-cli';
import { startPostgres, type Postgres } from '../shop/helpers/postgres';
import { expect, launchShell, stopShell, type RunningShell } from './fixtures';
import { makeDeskLogin } from './shop-page';

export type DeskGrade = 'prepare' | 'publish' | 'owner';

export interface JoinedDesk {
  dataDir: string;
  /**
   * The desk's environment: its own keychain name (LISTING_DESK_KEYCHAIN). The desks of a spec run
   * on one login, as each desk on its own computer has its own keychain: a prepare desk removes its
   * accounts' secrets, and on a shared name it removed the owner desk's with them.
   */
  env: NodeJS.ProcessEnv;
  /** The desk's database login and its password. */
  login: string;
  password: string;
}

export interface Team {
  server: Postgres;
  /** The database owner's address (with its password). */
  adminUrl: string;
  database: string;
  /** The group `shop init` made for `grade` (the tests' databases have plain names, kept as they are). */
  groupOf(grade: DeskGrade): string;
  /** A data folder joined to the team as `name` with a new login in `grade`. */
  join(grade: DeskGrade, name: string): Promise<JoinedDesk>;
  /** Stops the server and removes every data folder joined. */
  remove(): void;
}

/** A new team on a PostgreSQL of its own (`folderPrefix` names the joined data folders). */
export async function startTeam(folderPrefix: string): Promise<Team> {
  const server = await startPostgres();
  const folders: string[] = [];
  try {
    const adminUrl = await server.createDatabase();
    const database = new URL(adminUrl).pathname.slice(1);
    const init = await cli(['shop', 'init', adminUrl]);
    expect(init.code, init.stderr).toBe(0);
    const groupOf = (grade: DeskGrade) => `listing_desk_${grade}_${database}`;
    return {
      server,
      adminUrl,
      database,
      groupOf,
      async join(grade, name) {
        const login = await makeDeskLogin(adminUrl, groupOf(grade));
        const dataDir = mkdtempSync(path.join(os.tmpdir(), `${folderPrefix}-`));
        folders.push(dataDir);
        const env = { LISTING_DESK_KEYCHAIN: `listing-desk-e2e-${path.basename(dataDir)}` };
        const joined = await cli(
          ['shop', 'join', login.url, '--data-dir', dataDir, '--name', name],
          env,
          `${login.password}\n`,
        );
        expect(joined.code, joined.stderr).toBe(0);
        return { dataDir, env, login: new URL(login.url).username, password: login.password };
      },
      remove() {
        for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
        server.remove();
      },
    };
  } catch (error) {
    server.remove();
    throw error;
  }
}

/** axe over `selector` of the page: no serious or critical finding, and more than `checks` rules checked. */
export async function axeClean(page: Page, selector = 'main', checks = 5): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.passes.length, 'axe checked nothing').toBeGreaterThan(checks);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Starts a desk's web shell: a data folder joined to `team` as `name` in `grade`, its shell
 * launched; stopping it goes on `cleanup` (run in reverse by the caller's `finally`).
 */
export function shellsOf(team: Team, cleanup: Array<() => unknown>) {
  return async (grade: DeskGrade, name: string): Promise<RunningShell & { keychain: string }> => {
    const { dataDir, env } = await team.join(grade, name);
    const { shell, child } = await launchShell(dataDir, env);
    cleanup.push(() => stopShell(child));
    return { ...shell, keychain: env.LISTING_DESK_KEYCHAIN! };
  };
}

/** A full-page screenshot to `file`, copied into `folder` to be looked at after the run. */
export async function shotInto(folder: string, page: Page, file: string): Promise<void> {
  await page.screenshot({ path: file, fullPage: true });
  mkdirSync(folder, { recursive: true });
  copyFileSync(file, path.join(folder, path.basename(file)));
}
