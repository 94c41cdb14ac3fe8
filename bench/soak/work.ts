// A shop's week for the soak: a stock feed (a CSV file with a photo a row) that publishes its new
// rows, runs every hour and starts each ad with a daily price step; the file changes a little each
// hour (two rows' prices in turn, the other rows' left alone so their steps come due) and gains a row
// a day; drafts made in the window and scheduled through the week. Times are the desks' virtual time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import type { CatalogHit } from '../../src/shared/domain/catalog';
import type { FeedView } from '../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../src/shared/domain/feeds/feed-run';
import type { AccountsState } from '../../src/shared/ipc/types';
import { sampleDraft } from '../../test/fixtures/drafts';
import { colourFor, solidPng } from '../../test/fixtures/images';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** How the soak calls desk A (its window). */
export interface Caller {
  call<T>(channel: string, input?: unknown): Promise<T>;
}

const HEADER =
  'Title;Description;Category;Price;Email;Street;Postal code;City;District;Radius;Photo;Reference';
// The shop's own category, mapped once to the catalog's best guess for it (as the seller would).
const CATEGORY = 'Küche/Kühlschränke';

/** The feed's file: `rows` rows at hour `hour` of the week. */
export class FeedFile {
  readonly file: string;
  readonly photos: string;
  constructor(
    dir: string,
    private readonly firstRows: number,
  ) {
    this.file = path.join(dir, 'stock.csv');
    this.photos = path.join(dir, 'feed-photos');
    mkdirSync(this.photos, { recursive: true });
  }

  /** Writes the file as it stands `hour` hours into the week: a row more each day. */
  write(hour: number): void {
    const rows = this.firstRows + Math.floor(hour / 24);
    const lines = [HEADER];
    for (let r = 1; r <= rows; r += 1) {
      const photo = `row-${r}.png`;
      writeFileSync(path.join(this.photos, photo), solidPng(colourFor(100 + r), 40 + r));
      // Rows 1 and 2 change their price every hour in turn; the others keep theirs.
      const change = r <= 2 && hour % 2 === r - 1 ? hour % 5 : 0;
      lines.push(
        [
          `Soak item ${r}`,
          `Item ${r} of the soak.`,
          CATEGORY,
          String(100 + r * 10 + change),
          'shop@example.com',
          'Main St 1',
          '10115',
          'Berlin',
          'Mitte',
          '25',
          photo,
          `SOAK-${r}`,
        ].join(';'),
      );
    }
    writeFileSync(this.file, `${lines.join('\n')}\n`);
  }
}

/** The shop's account on desk A, selected. */
export async function shopAccount(desk: Caller): Promise<string> {
  const state = await desk.call<AccountsState>('accounts:list');
  const account = state.accounts.find((a) => a.kind !== 'sandbox');
  if (!account) throw new Error('the shop’s account did not come to desk A');
  await desk.call('accounts:select', { id: account.id });
  return account.id;
}

/** Saves the feed (hourly, publishing, a daily price step) and runs it once: the seller's yes. */
export async function startFeed(
  desk: Caller,
  feed: FeedFile,
  accountId: string,
): Promise<{ feed: FeedView; run: FeedRun }> {
  feed.write(0);
  const hits = await desk.call<CatalogHit[]>('categories:guess', { shopCategory: CATEGORY });
  if (!hits[0]) throw new Error(`the catalog has no guess for ${CATEGORY}`);
  await desk.call('categories:map', {
    shopCategory: CATEGORY,
    path: hits[0].path,
    ...(hits[0].kind && { attributes: { [hits[0].kind.key]: hits[0].kind.value } }),
  });
  const saved = await desk.call<FeedView>('feeds:save', {
    settings: {
      name: 'Stock',
      source: { kind: 'file', path: feed.file },
      accountId,
      referenceColumn: 'Reference',
      photoFolder: feed.photos,
      publish: true,
      everyMinutes: 60,
      priceRule: {
        mode: 'percent',
        value: 5,
        everyDays: 1,
        floor: { percent: 50 },
        rounding: 'none',
        maxSteps: null,
      },
    },
  });
  // The seller's yes takes only with a run that applies (feedSlot: an unapproved feed never falls
  // due, on no desk): a run the 5 % faults failed before its plan (the token or the listings read,
  // after their retries) is run again, as the seller told of it would; a held one is the soak's fault.
  for (let attempt = 1; ; attempt += 1) {
    const run = await desk.call<FeedRun>('feeds:run', { id: saved.id });
    if (run.state !== 'failed' && run.state !== 'held') return { feed: saved, run };
    if (run.state === 'held' || attempt === 3)
      throw new Error(
        `the feed's first run did not apply (${run.state}): ${run.failure ?? JSON.stringify(run.held)}`,
      );
  }
}

/** Makes `count` drafts with a photo each on desk A and schedules them through the week. */
export async function scheduleDrafts(
  desk: Caller,
  count: number,
  times: (n: number) => number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const created = await desk.call<{ id: string }>('drafts:create');
    const fields = draftFieldsOf(
      sampleDraft(created.id, {
        title: `Scheduled ${n}`,
        description: `Published on its day, ${n}.`,
        customReference: `SCHED-${n}`,
      }),
    );
    await desk.call('drafts:save', {
      draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
    });
    const bytes = solidPng(colourFor(200 + n), 48);
    await desk.call('drafts:add-photo-bytes', {
      draftId: created.id,
      batchId: `sched-${n}`,
      name: `IMG_${n}.png`,
      size: bytes.length,
      base64: bytes.toString('base64'),
    });
    const { answers } = await desk.call<{ answers: { ok: boolean; message: string }[] }>('schedule:set', {
      ids: [created.id],
      at: new Date(times(n)).toISOString(),
    });
    if (!answers[0]?.ok) throw new Error(`draft ${n} was not scheduled: ${answers[0]?.message}`);
    ids.push(created.id);
  }
  return ids;
}
