// The command line against the embedded listing service, as a scheduler runs it: a child process
// per command on a temporary data folder, its exit code, its JSON on stdout and its progress on
// stderr checked. Drafts are written in the store's own format before the first command.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../src/main/storage/data-lock';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { NOWHERE } from '../../helpers/real-account';
import { addRealAccountTo, tempDir } from '../../unit/helpers/temp-app';
import { cli, cliInBackground } from './run-cli';

const folder = tempDir('listing-desk-cli-');
const dir = folder.dir;
let ready: Draft[] = [];
let unfinished: Draft;

beforeAll(() => {
  ready = [1, 2].map((n) =>
    readyDraft(dir, 10 * n, { title: `Fahrrad ${n}`, customReference: `CLI-${n}`, publication }, 2),
  );
  // No title: not publishable, so the store keeps it a 'draft', never 'ready'.
  unfinished = readyDraft(dir, 50, { title: '', customReference: 'CLI-3', publication, status: 'draft' }, 1);
  for (const draft of [...ready, unfinished]) writeDraft(dir, draft);
});
afterAll(() => folder.remove());

describe('the command line', () => {
  it('answers a usage error with exit code 2 and the help with 0', async () => {
    const unknown = await cli(['frobnicate', '--data-dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no command "frobnicate".');
    const both = await cli(['publish', '--ready', ready[0]!.id, '--data-dir', dir]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('publish takes either --ready or the ids of the drafts to publish.');
    const option = await cli(['status', '--colour', '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('Die Optionen sind nicht lesbar');
    // A mistyped folder is not made into a new, empty one.
    const missing = path.join(dir, 'nicht-da');
    const typo = await cli(['publish', '--ready', '--data-dir', missing]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`There is no data folder ${missing}.`);
    expect(existsSync(missing)).toBe(false);
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).toContain('3  the data folder is in use');
  }, 120_000);

  it('publishes the ready drafts, waits until they are live, and prints a JSON summary', async () => {
    const run = await cli(['publish', '--ready', '--data-dir', dir]);
    expect(run.stderr).toContain('Publishing 2 drafts');
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      ok: boolean;
      live: number;
      failed: number;
      open: number;
      items: { draftId: string; state: string; adId: number | null; title: string }[];
    };
    expect(summary).toMatchObject({ ok: true, live: 2, failed: 0, open: 0 });
    expect(summary.items.map((item) => item.draftId).sort()).toEqual(ready.map((d) => d.id).sort());
    for (const item of summary.items) {
      expect(item.state).toBe('published');
      expect(item.adId).toEqual(expect.any(Number));
      // Progress on stderr: each job's line once it is live.
      expect(run.stderr).toContain(`${item.title}: live (ad ${item.adId})`);
    }
    // The lock is released at the end.
    // The one left is not ready: said with why, and not "everything done" (issue 26.5).
    const again = await cli(['publish', '--ready', '--data-dir', dir]);
    expect(again.code).toBe(6);
    expect(again.stderr).toContain('No draft is ready to publish: the 1 draft above needs something first.');
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, live: 0, notReady: 1, items: [] });
  }, 180_000);

  it('says exit code 1 when a draft cannot be published, naming why', async () => {
    const run = await cli(['publish', unfinished.id, '--data-dir', dir]);
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stdout) as {
      ok: boolean;
      failed: number;
      items: { state: string; error: { problem: string } }[];
    };
    expect(summary.ok).toBe(false);
    expect(summary.failed).toBe(1);
    expect(summary.items[0]).toMatchObject({ state: 'not-started', error: { problem: 'not-publishable' } });
    expect(run.stderr).toContain(
      'Untitled draft: not started: The draft is not complete yet. Open it in Listing Desk and fix what it names.',
    );
    const german = await cli(['publish', unfinished.id, '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(1);
    expect(german.stderr).toContain(
      'Entwurf ohne Titel: nicht gestartet: Der Entwurf ist noch nicht vollständig.',
    );
  }, 120_000);

  it('lists the publish jobs and the live listings', async () => {
    const status = await cli(['status', '--json', '--data-dir', dir]);
    expect(status.code).toBe(0);
    const { jobs } = JSON.parse(status.stdout) as {
      jobs: { draftId: string; state: string; adId: number }[];
    };
    expect(jobs.map((job) => [job.draftId, job.state]).sort()).toEqual(
      ready.map((d) => [d.id, 'published']).sort(),
    );

    const table = await cli(['status', '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(table.code).toBe(0);
    // The drafts by state first (issue 26.5), then the jobs.
    const lines = table.stdout.split('\n');
    expect(lines[0]).toBe(
      'Entwürfe: 1 unvollständig, 0 bereit, 0 werden veröffentlicht, 2 veröffentlicht, 0 fehlgeschlagen, 0 beendet; 0 im Papierkorb.',
    );
    expect(lines[2]).toMatch(/^Stand\s+Titel\s+Anzeige\s+Entwurf\s+Geändert$/);
    expect(table.stdout).toContain('Fahrrad 1');
    expect(table.stdout).toMatch(/online \(Anzeige \d+\)/);

    const listings = await cli(['listings', '--json', '--data-dir', dir]);
    expect(listings.code, listings.stderr).toBe(0);
    const state = JSON.parse(listings.stdout) as {
      account: { name: string };
      problem: unknown;
      listings: { title: string; customReference: string; publications: { adId: number | null }[] }[];
    };
    expect(state.problem).toBeNull();
    expect(state.listings.map((l) => l.customReference).sort()).toEqual(['CLI-1', 'CLI-2']);
    const adIds = jobs.map((job) => job.adId).sort();
    expect(state.listings.flatMap((l) => l.publications.map((p) => p.adId)).sort()).toEqual(adIds);
  }, 120_000);

  it('exits 4 when the account cannot reach the service, and 2 for an account that does not exist', async () => {
    // An account whose service is nowhere (a closed port on loopback), added the way the app does.
    const laden = await addRealAccountTo(dir, NOWHERE, {
      name: 'Laden',
      client: { clientId: 'laden', clientSecret: 'geheim' },
    });
    const shop = readyDraft(
      dir,
      60,
      // An imprint of its own: what stops it here is the service, not a missing imprint (issue 26.2).
      {
        title: 'Regal',
        customReference: 'CLI-4',
        publication: { ...publication, imprintUuid: '7a1c2f0e-0000-4000-8000-00000000c0de' },
        accountId: laden.id,
      },
      1,
    );
    writeDraft(dir, shop);

    const listings = await cli(['listings', '--json', '--account', 'laden', '--data-dir', dir]);
    expect(listings.code).toBe(4);
    expect(listings.stderr).toContain('The listings could not be read now');
    // Nothing is started against an account that cannot sign in.
    const publish = await cli(['publish', '--ready', '--account', 'Laden', '--data-dir', dir]);
    expect(publish.code).toBe(4);
    expect(publish.stderr).toContain('The account "Laden" cannot reach the listing service');
    const status = await cli(['status', '--json', '--data-dir', dir]);
    const { jobs } = JSON.parse(status.stdout) as { jobs: { draftId: string }[] };
    expect(jobs.map((job) => job.draftId)).not.toContain(shop.id);

    const missing = await cli(['listings', '--account', 'Nobody', '--data-dir', dir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('There is no account "Nobody". Accounts: ');
  }, 120_000);
  it('stops on SIGTERM with exit code 130, a summary, and the data folder released', async () => {
    const lamp = readyDraft(dir, 70, { title: 'Lampe', customReference: 'CLI-5', publication }, 3);
    writeDraft(dir, lamp);
    const { child, seen, done } = cliInBackground(['publish', lamp.id, '--data-dir', dir]);
    let killed = false;
    child.stderr!.on('data', () => {
      if (!killed && seen.stderr.includes('Publishing 1 draft')) killed = child.kill('SIGTERM');
    });
    const code = await done;
    const { stdout, stderr } = seen;
    expect(code, stderr).toBe(130);
    expect(stderr).toContain('Stopped. Jobs under way continue the next time');
    const summary = JSON.parse(stdout) as { items: { draftId: string }[] };
    expect(summary.items.map((item) => item.draftId)).toEqual([lamp.id]);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    // One job for the draft, whatever it reached: nothing done twice.
    const status = await cli(['status', '--json', '--data-dir', dir]);
    const { jobs } = JSON.parse(status.stdout) as { jobs: { draftId: string }[] };
    expect(jobs.filter((job) => job.draftId === lamp.id)).toHaveLength(1);
  }, 120_000);
});
