// `publish --ready` publishes a draft the catalog warns about (issue 33.6: readiness says more,
// blocks no more) and says which: on stderr with the fix, and in the JSON summary; a draft without
// warning is published without a word about the catalog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { tempDir } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const folder = tempDir('listing-desk-cli-warnings-');
const dir = folder.dir;
const TOYS = 'Familie_Kind_Baby/Spielzeug';
let bricks: Draft;
let house: Draft;

beforeAll(() => {
  // Both in a category the catalog knows (the Sandbox takes it); the first has no kind chosen.
  bricks = readyDraft(dir, 1, {
    title: 'Bausteine',
    category: TOYS,
    attributes: { condition: 'ok' },
    publication,
  });
  house = readyDraft(dir, 2, {
    title: 'LEGO Haus',
    category: TOYS,
    attributes: { art: 'lego_duplo', condition: 'ok' },
    publication,
  });
  for (const draft of [bricks, house]) writeDraft(dir, draft);
});
afterAll(() => folder.remove());

describe('publish --ready and the catalog’s warnings', () => {
  it('publishes every ready draft and names the one the catalog warns about, with the fix', async () => {
    const run = await cli(['publish', '--ready', '--data-dir', dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Publishing 2 drafts');
    expect(run.stderr).toContain(
      `Bausteine: is published, but its category "${TOYS}" has kinds and none is chosen (art is empty). Fix: set art to one of the kinds (categories show ${TOYS} lists them).`,
    );
    expect(run.stderr).not.toContain('LEGO Haus: is published, but');
    const summary = JSON.parse(run.stdout) as {
      live: number;
      catalogWarnings: { draftId: string; warnings: { code: string; key: string | null }[] }[];
    };
    expect(summary.live).toBe(2);
    expect(summary.catalogWarnings).toEqual([
      {
        draftId: bricks.id,
        title: 'Bausteine',
        warnings: [
          { code: 'kind-missing', path: TOYS, key: 'art', message: expect.stringContaining('art is empty') },
        ],
      },
    ]);
  }, 180_000);
});
