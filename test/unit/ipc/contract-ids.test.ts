// Every id the renderer sends that can become a path segment (of a service URL or a file) is
// refused when it is a path: table-driven over the contract, with a check that the table is whole.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyAccountDefaults } from '../../../src/main/storage/accounts-store';
import { contract } from '../../../src/shared/ipc/contract';
import { channelNames, type ChannelName } from '../../../src/shared/ipc/names';

const DRAFT = '3f1c2b9e-1111-4a4a-8b8b-000000000000';
const LISTING = '0b6f1f0e-2222-4b4b-9c9c-111111111111';
const PUB = '7d2e3f4a-3333-4c4c-8d8d-222222222222';

type Path = (string | number)[];
/** A valid input of each channel carrying ids, and where its ids sit. */
const table: Partial<Record<ChannelName, { input: Record<string, unknown>; ids: Path[] }>> = {
  'accounts:save': { input: { id: 'acc-1', name: 'Shop' }, ids: [['id']] },
  'accounts:remove': { input: { id: 'acc-1' }, ids: [['id']] },
  'accounts:select': { input: { id: 'acc-1' }, ids: [['id']] },
  'accounts:use-if-first': { input: { id: 'acc-1' }, ids: [['id']] },
  'accounts:set-secret': { input: { id: 'acc-1', secret: 's' }, ids: [['id']] },
  'accounts:delete-secret': { input: { id: 'acc-1' }, ids: [['id']] },
  'accounts:test': { input: { id: 'acc-1' }, ids: [['id']] },
  'accounts:set-defaults': {
    input: {
      id: 'acc-1',
      defaults: emptyAccountDefaults(),
    },
    ids: [['id']],
  },
  'catalog:check': {
    input: { accountId: 'acc-1', category: 'Familie_Kind_Baby/Spielzeug', attributes: {} },
    ids: [['accountId']],
  },
  'imprints:create': { input: { accountId: 'acc-1', content: 'Impressum' }, ids: [['accountId']] },
  'imprints:set-default': { input: { accountId: 'acc-1', uuid: PUB }, ids: [['accountId'], ['uuid']] },
  'listings:get': { input: { uuid: LISTING }, ids: [['uuid']] },
  'drafts:get': { input: { id: DRAFT }, ids: [['id']] },
  'drafts:duplicate': { input: { id: DRAFT }, ids: [['id']] },
  'drafts:trash': { input: { ids: [DRAFT] }, ids: [['ids', 0]] },
  'drafts:restore': { input: { ids: [DRAFT] }, ids: [['ids', 0]] },
  'drafts:add-photos': {
    input: { draftId: DRAFT, batchId: 'b', paths: ['/home/a.jpg'] },
    ids: [['draftId']],
  },
  'drafts:add-photo-bytes': {
    input: { draftId: DRAFT, batchId: 'b', name: 'a.jpg', size: 3, uploadId: PUB },
    ids: [['draftId'], ['uploadId']],
  },
  'uploads:append': { input: { uploadId: PUB, offset: 0, base64: 'AAAA' }, ids: [['uploadId']] },
  'uploads:cancel': { input: { uploadId: PUB }, ids: [['uploadId']] },
  'drafts:set-photos': { input: { draftId: DRAFT, photoIds: [PUB] }, ids: [['draftId'], ['photoIds', 0]] },
  'publish:start': { input: { draftIds: [DRAFT] }, ids: [['draftIds', 0]] },
  'publish:cancel': { input: { jobId: PUB }, ids: [['jobId']] },
  'publish:retry': { input: { jobId: PUB }, ids: [['jobId']] },
  'publish:end-twice': { input: { jobId: PUB, listingUuid: LISTING }, ids: [['jobId'], ['listingUuid']] },
  'listings:update': { input: { uuid: LISTING, patch: {} }, ids: [['uuid']] },
  'listings:add-photos': { input: { uuid: LISTING, paths: ['/home/a.jpg'] }, ids: [['uuid']] },
  'listings:add-photo-bytes': {
    input: { uuid: LISTING, name: 'a.jpg', size: 3, uploadId: PUB },
    ids: [['uuid'], ['uploadId']],
  },
  'listings:remove-photo': { input: { uuid: LISTING, url: 'media/x' }, ids: [['uuid']] },
  'listings:undo-remove-photo': { input: { uuid: LISTING, undoId: PUB }, ids: [['uuid'], ['undoId']] },
  'listings:edit-source': { input: { uuid: LISTING }, ids: [['uuid']] },
  'listings:order-photos': { input: { uuid: LISTING, urls: [] }, ids: [['uuid']] },
  'listings:publications': { input: { uuid: LISTING }, ids: [['uuid']] },
  'publications:get': { input: { listingUuid: LISTING, uuid: PUB }, ids: [['listingUuid'], ['uuid']] },
  'publications:update': {
    input: { listingUuid: LISTING, uuid: PUB, patch: {} },
    ids: [['listingUuid'], ['uuid']],
  },
  'drafts:from-listing': { input: { uuid: LISTING }, ids: [['uuid']] },
  'drafts:live-diff': { input: { id: DRAFT }, ids: [['id']] },
  'drafts:push-changes': { input: { id: DRAFT }, ids: [['id']] },
  'drafts:live-resolve': { input: { id: DRAFT, field: 'price', pick: 'live' }, ids: [['id']] },
  'drafts:unlink': { input: { id: DRAFT }, ids: [['id']] },
  // Issue 24.4, what the shop's merge left on a draft.
  'drafts:shop-pick': { input: { id: DRAFT, field: 'title', index: 0 }, ids: [['id']] },
  'drafts:shop-dismiss-restored': { input: { id: DRAFT }, ids: [['id']] },
  // Issue 15.1, accounts kept apart.
  'drafts:suggestions': { input: { draftId: DRAFT }, ids: [['draftId']] },
  'drafts:move-account': { input: { ids: [DRAFT], accountId: 'acc-1' }, ids: [['ids', 0], ['accountId']] },
  'listings:delete': { input: { uuid: LISTING, sold: true }, ids: [['uuid']] },
  'publications:set-state': {
    input: { listingUuid: LISTING, uuid: PUB, state: 'PAUSED' },
    ids: [['listingUuid'], ['uuid']],
  },
  // Issue 17, import.
  'import:preview': {
    input: { path: '/home/a.csv', accountId: 'acc-1', templateId: PUB },
    ids: [['accountId'], ['templateId']],
  },
  'import:run': {
    input: { path: '/home/a.csv', accountId: 'acc-1', templateId: PUB, runId: 'r' },
    ids: [['accountId'], ['templateId']],
  },
  'import:undo': { input: { importId: PUB }, ids: [['importId']] },
  // Issue 17.4, bulk edits.
  'bulk:preview-drafts': {
    input: { ids: [DRAFT], edit: { kind: 'imprint', imprintUuid: 'x' } },
    ids: [['ids', 0]],
  },
  'bulk:apply-drafts': {
    input: { ids: [DRAFT], edit: { kind: 'imprint', imprintUuid: 'x' } },
    ids: [['ids', 0]],
  },
  'bulk:preview-listings': {
    input: { uuids: [LISTING], edit: { kind: 'imprint', imprintUuid: 'x' } },
    ids: [['uuids', 0]],
  },
  'bulk:start': {
    input: { uuids: [LISTING], edit: { kind: 'imprint', imprintUuid: 'x' } },
    ids: [['uuids', 0]],
  },
  'bulk:retry': { input: { jobId: PUB, uuid: LISTING }, ids: [['jobId'], ['uuid']] },
  'bulk:dismiss': { input: { jobId: PUB }, ids: [['jobId']] },
  // Issue 17, export and templates.
  'export:drafts': { input: { path: '/home/a.csv', format: 'csv', ids: [DRAFT] }, ids: [['ids', 0]] },
  'templates:list': { input: { accountId: 'acc-1' }, ids: [['accountId']] },
  'templates:save': { input: { draftId: DRAFT, name: 'Sofas' }, ids: [['draftId']] },
  'templates:rename': { input: { accountId: 'acc-1', id: PUB, name: 'Sofas' }, ids: [['accountId'], ['id']] },
  'templates:delete': { input: { accountId: 'acc-1', id: PUB }, ids: [['accountId'], ['id']] },
  'templates:new-draft': { input: { accountId: 'acc-1', id: PUB }, ids: [['accountId'], ['id']] },
  // Issue 25.5, price rules.
  'priceRules:set-draft': { input: { draftId: DRAFT, rule: null }, ids: [['draftId']] },
  'catalog:known-good': { input: { accountId: 'acc-1' }, ids: [['accountId']] },
  'priceRules:set-template': {
    input: { accountId: 'acc-1', id: PUB, rule: null },
    ids: [['accountId'], ['id']],
  },
  // Issue 25.4, scheduled publishing.
  'schedule:set': { input: { ids: [DRAFT], at: null }, ids: [['ids', 0]] },
  // Issue 26.1, a file handed over by the page.
  'files:receive': { input: { name: 'a.csv', size: 3, uploadId: PUB }, ids: [['uploadId']] },
  // Issue 25, stock feeds.
  'feeds:save': {
    input: {
      id: PUB,
      settings: {
        name: 'Lager',
        source: { kind: 'file', path: '/home/lager.csv' },
        accountId: 'acc-1',
        templateId: 'tpl-1',
        referenceColumn: 'SKU',
      },
    },
    ids: [['id'], ['settings', 'accountId'], ['settings', 'templateId']],
  },
  'feeds:remove': { input: { id: PUB }, ids: [['id']] },
  'feeds:plan': { input: { id: PUB }, ids: [['id']] },
  'feeds:run': { input: { id: PUB }, ids: [['id']] },
  'feeds:history': { input: { id: PUB }, ids: [['id']] },
  'feeds:retry': { input: { runId: PUB, reference: 'SKU-1' }, ids: [['runId']] },
  'approvals:approve': { input: { id: PUB }, ids: [['id']] },
  'approvals:send-back': { input: { id: PUB, note: 'Too dark' }, ids: [['id']] },
  'approvals:set-rule': { input: { accountId: 'acc-1', required: true }, ids: [['accountId']] },
  'approvals:ask': {
    input: { kind: 'pause', listing: LISTING, accountId: 'acc-1', state: 'PAUSED', publication: PUB },
    ids: [['listing'], ['accountId'], ['publication']],
  },
  'approvals:preview-edit': {
    input: { uuids: [LISTING], edit: { kind: 'description', mode: 'append', block: 'x' } },
    ids: [['uuids', 0]],
  },
  'approvals:ask-edit': {
    input: {
      listing: LISTING,
      accountId: 'acc-1',
      edit: { kind: 'description', mode: 'append', block: 'x' },
    },
    ids: [['listing'], ['accountId']],
  },
};

// Fields named like ids that never become a path segment, each with the reason.
const notPathSegments: Record<string, string> = {
  batchId: 'labels intake progress events only',
  runId: 'labels import progress events only',
  clientId: 'the OAuth client id, sent in the token request body',
  'app:dismiss-problem.id': 'names a problem in the list; never joined into a path',
};

const hostile = [
  '..',
  '.',
  '',
  'a/b',
  '/etc',
  'a\\b',
  '%2e%2e',
  '..%2f',
  'a%2Fb',
  'a\u0000b',
  'a\nb',
  '\u007f',
];

function withValue(input: Record<string, unknown>, at: Path, value: unknown): unknown {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

function objectKeys(schema: z.ZodType): string[] {
  let at: z.ZodType = schema;
  while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
  return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

const cases = Object.entries(table).flatMap(([channel, row]) =>
  row!.ids.flatMap((at) =>
    hostile.map((value) => [channel as ChannelName, at.join('.'), value, row!, at] as const),
  ),
);

describe('ids in the contract', () => {
  it.each(Object.entries(table))('%s takes its valid sample', (channel, row) => {
    const parsed = contract[channel as ChannelName].input.safeParse(row!.input);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it.each(cases)('%s refuses %s = %j', (channel, _where, value, row, at) => {
    expect(contract[channel].input.safeParse(withValue(row.input, [...at], value)).success).toBe(false);
  });

  it('the table names every field that looks like an id, on every channel', () => {
    const looksLikeId = /^(id|ids|uuid|.+Id|.+Ids|.+Uuid)$/;
    const missing = channelNames.flatMap((channel) =>
      objectKeys(contract[channel].input)
        .filter((key) => looksLikeId.test(key))
        .filter((key) => !(key in notPathSegments) && !(`${channel}.${key}` in notPathSegments))
        .filter((key) => !table[channel]?.ids.some((at) => at[0] === key))
        .map((key) => `${channel}.${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('still takes ids the service may send that are not uuids', () => {
    for (const uuid of ['abc-123', 'A_b.c', 'x..y', '~tilde']) {
      expect(contract['listings:get'].input.safeParse({ uuid }).success).toBe(true);
    }
  });
});
