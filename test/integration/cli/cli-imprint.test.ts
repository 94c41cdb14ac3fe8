// `accounts imprint NAME FILE` and `publish` without an imprint (issue 26.2/26.5), as a scheduler runs
// the command line: a child process per command on a temporary data folder. The imprint reaches the
// embedded service with exactly the file's text (read back from the service's own state file), and
// an account without one publishes nothing, naming the command that sets it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { NOWHERE } from '../../helpers/real-account';
import { addRealAccountTo, tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const folder = tempDir('listing-desk-cli-imprint-');
const dir = folder.dir;
const NOTICE =
  'Möbelhaus Schmidt GmbH\nIndustriestraße 7\n12099 Berlin\n\nVertreten durch: Anna Schmidt\nE-Mail: info@moebel-schmidt.example';
let sandboxDraft: Draft;
let shopDraft: Draft;

beforeAll(async () => {
  // An account of a real service (out of reach: the refusal must not need it), added as the app does.
  const laden = await addRealAccountTo(dir, NOWHERE, {
    name: 'Laden',
    client: { clientId: 'laden', clientSecret: 'geheim' },
  });
  sandboxDraft = readyDraft(dir, 10, { title: 'Sessel', customReference: 'IMP-1', publication }, 1);
  shopDraft = readyDraft(
    dir,
    20,
    { title: 'Regal', customReference: 'IMP-2', publication, accountId: laden.id },
    1,
  );
  for (const draft of [sandboxDraft, shopDraft]) writeDraft(dir, draft);
  writeFileSync(path.join(dir, 'imprint.txt'), `\uFEFF${NOTICE.replace(/\n/g, '\r\n')}\r\n`);
  writeFileSync(path.join(dir, 'empty.txt'), ' \n\n');
  writeFileSync(path.join(dir, 'latin1.txt'), Buffer.from([0x4d, 0xf6, 0x62, 0x65, 0x6c]));
});
afterAll(() => folder.remove());

/** `accounts imprint ACCOUNT FILE` with a file of the data folder, as a seller sets an account's imprint. */
const imprintFrom = (account: string, file: string, env: NodeJS.ProcessEnv = {}) =>
  cli(['accounts', 'imprint', account, path.join(dir, file), '--data-dir', dir], env);

describe('the imprint on the command line', () => {
  it('publish refuses an account without an imprint before anything is sent, naming the command', async () => {
    const run = await cli(['publish', '--ready', '--account', 'Laden', '--data-dir', dir]);
    // Refused (1), not "the service cannot be reached" (4): the imprint is checked first.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      'Regal: not started: The account “Laden” has no imprint, and an ad of a commercial seller needs one. Set it from a text file: accounts imprint "Laden" FILE',
    );
    const summary = JSON.parse(run.stdout) as {
      items: { draftId: string; state: string; error: { problem: string } }[];
    };
    expect(summary.items).toEqual([
      expect.objectContaining({
        draftId: shopDraft.id,
        state: 'not-started',
        error: expect.objectContaining({ problem: 'imprint-missing' }),
      }),
    ]);
    const german = await cli(['publish', shopDraft.id, '--data-dir', dir], { LANG: 'de_DE.UTF-8' });
    expect(german.code).toBe(1);
    expect(german.stderr).toContain('Das Konto „Laden“ hat kein Impressum');
    expect(german.stderr).toContain('accounts imprint "Laden" DATEI');
    const status = await cli(['status', '--json', '--data-dir', dir]);
    expect((JSON.parse(status.stdout) as { jobs: unknown[] }).jobs).toEqual([]);
  }, 120_000);

  it('accounts imprint refuses an empty file and one that is not UTF-8', async () => {
    const empty = await imprintFrom('Sandbox', 'empty.txt');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('is empty. Write the notice in it');
    const latin = await imprintFrom('Sandbox', 'latin1.txt', { LANG: 'de_DE.UTF-8' });
    expect(latin.code).toBe(2);
    expect(latin.stderr).toContain('lässt sich nicht als UTF-8-Text lesen');
    const usage = await cli(['accounts', 'imprint', 'Sandbox', '--data-dir', dir]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('accounts imprint ACCOUNT FILE');
  }, 120_000);

  it('accounts imprint sets the imprint, and the ad is published with exactly that text', async () => {
    const set = await imprintFrom('sandbox', 'imprint.txt');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('The imprint of “Sandbox” is now the text of');
    const result = JSON.parse(set.stdout) as { imprintUuid: string; content: string };
    // The file's byte-order mark, Windows line ends and final line end are the file's, not the notice's.
    expect(result.content).toBe(NOTICE);

    const run = await cli(['publish', sandboxDraft.id, '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    // The embedded service writes its state when the command ends: what it holds is the truth.
    const state = JSON.parse(readFileSync(path.join(dir, 'sandbox', 'state.json'), 'utf8')) as {
      imprints: { uuid: string; content: string }[];
      publications: { imprintUuid: string }[];
    };
    expect(state.imprints).toEqual([expect.objectContaining({ uuid: result.imprintUuid, content: NOTICE })]);
    expect(state.publications.map((p) => p.imprintUuid)).toEqual([result.imprintUuid]);
  }, 180_000);
});
