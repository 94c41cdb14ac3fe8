// A feed's price rule (issue 25.5) against the embedded service through the app: the drafts a run
// makes start with the feed's rule (origin 'feed'), which wins over the template's; a rule changed
// on the feed later reaches only the drafts made after, and a feed without one leaves the
// template's rule to its drafts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { FeedView } from '../../../src/shared/domain/feeds/feed';
import type { FeedRun } from '../../../src/shared/domain/feeds/feed-run';
import type { PriceRule } from '../../../src/shared/domain/price-rules/price-rule';
import type { DraftTemplate } from '../../../src/shared/domain/drafts/template';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { addFeed, feedApp, outcomes, type FeedApp, type Product } from './helpers';

let app: FeedApp;
beforeEach(async () => {
  app = await feedApp();
});
afterEach(async () => {
  await app.close();
});

const products: Product[] = [
  { sku: 'K-1', title: 'Kühlschrank', price: '120,50', stock: '3' },
  { sku: 'K-2', title: 'Gefrierschrank', price: '200', stock: '1' },
];

const feedRule: PriceRule = {
  mode: 'percent',
  value: 10,
  everyDays: 7,
  floor: 50,
  rounding: '99',
  maxSteps: 3,
};
const templateRule: PriceRule = {
  mode: 'amount',
  value: 5,
  everyDays: 14,
  floor: 20,
  rounding: 'none',
  maxSteps: null,
};

async function draftOf(reference: string): Promise<Draft> {
  const { items } = await app.call<DraftsListResult>('drafts:list', {});
  const item = items.find((d) => d.customReference === reference);
  expect(item, reference).toBeDefined();
  return app.call<Draft>('drafts:get', { id: item!.id });
}

/** The settings part of a feed (what the seller sets). */
function settingsOf(feed: FeedView) {
  const {
    id: _id,
    approved: _approved,
    header: _header,
    createdAt: _created,
    lastRunAt: _last,
    hasPassword: _password,
    may: _may,
    lastRun: _run,
    ...settings
  } = feed;
  return settings;
}

async function templateWithRule(): Promise<DraftTemplate> {
  const draft = await app.call<Draft>('drafts:create');
  const template = await app.call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Kühlen' });
  await app.call('priceRules:set-template', {
    accountId: template.accountId,
    id: template.id,
    rule: templateRule,
  });
  return template;
}

it("gives the drafts a run makes the feed's rule, over the template's", async () => {
  const template = await templateWithRule();
  const feed = await addFeed(app, app.write(products), {
    publish: false,
    templateId: template.id,
    priceRule: feedRule,
  });
  expect(feed.priceRule).toEqual(feedRule);
  const { feeds } = await app.call<{ feeds: FeedView[] }>('feeds:list');
  expect(feeds[0]!.priceRule).toEqual(feedRule);

  const run = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(run)).toEqual(['K-1: create/done', 'K-2: create/done']);
  for (const reference of ['K-1', 'K-2']) {
    const draft = await draftOf(reference);
    expect(draft.priceRule).toMatchObject({ rule: feedRule, origin: 'feed', steps: [] });
    // Not started: the steps count from the price the ad goes live with.
    expect(draft.priceRule!.start).toBeUndefined();
  }

  // A rule changed on the feed reaches the drafts made from then on; the earlier ones keep theirs.
  const changed: PriceRule = { ...feedRule, value: 20, maxSteps: null };
  const saved = await app.call<FeedView>('feeds:save', {
    id: feed.id,
    settings: { ...settingsOf(feed), priceRule: changed },
  });
  expect(saved.priceRule).toEqual(changed);
  app.write([...products, { sku: 'K-3', title: 'Weinkühler', price: '80', stock: '2' }]);
  const again = await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect(outcomes(again)).toEqual(['K-3: create/done']);
  expect((await draftOf('K-3')).priceRule).toMatchObject({ rule: changed, origin: 'feed' });
  expect((await draftOf('K-1')).priceRule).toMatchObject({ rule: feedRule, origin: 'feed' });
}, 120_000);

it("leaves the template's rule to the drafts of a feed without one", async () => {
  const template = await templateWithRule();
  const feed = await addFeed(app, app.write(products), { publish: false, templateId: template.id });
  expect(feed.priceRule).toBeUndefined();
  await app.call<FeedRun>('feeds:run', { id: feed.id });
  expect((await draftOf('K-1')).priceRule).toMatchObject({ rule: templateRule, origin: 'template' });
}, 120_000);
