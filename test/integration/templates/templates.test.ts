// Draft templates (issue 17) through the router as the renderer calls them: saved from a draft,
// listed by name, kept per account and across a restart, renamed, deleted, and a new draft started
// from one over the account's defaults. A templates file that does not parse is moved aside.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { DraftTemplate } from '../../../src/shared/domain/drafts/template';
import type { AccountView, AccountsState, ProblemsState } from '../../../src/shared/ipc/types';
import { emptyAccountDefaults } from '../../../src/main/storage/accounts-store';
import { addRealAccount } from '../../helpers/real-account';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let folder: ReturnType<typeof tempDir>;
let temp: TempApp;
const call = <T>(channel: string, input?: unknown) => temp.call<T>(channel, input);

beforeEach(async () => {
  folder = tempDir('listing-desk-templates-');
  temp = await createTempApp(folder.dir);
});
afterEach(async () => {
  await temp.remove();
  folder.remove();
});

const sofaFields = {
  title: 'Sofa grau, 3-Sitzer',
  category: 'Möbel/Sofas',
  description: 'Gepflegtes Sofa.\n\nAbholung in Köln; Versand möglich.',
  attributes: { zustand: 'gebraucht', versand: 'ja' },
  adType: 'OFFER',
  price: { type: 'NEGOTIABLE', amount: '349' },
  buyNow: true,
  publication: {
    street: 'Ringstraße 5',
    city: 'Köln',
    district: 'Ehrenfeld',
    postalCode: '50823',
    availabilityRadiusInKm: 30,
    imprintUuid: null,
  },
};

async function sofaDraft(): Promise<Draft> {
  const draft = await call<Draft>('drafts:create');
  const fields = draftFieldsOf(draft);
  return call<Draft>('drafts:save', { draft: { ...fields, ...sofaFields } });
}

async function otherAccount(): Promise<AccountView> {
  const account = await addRealAccount(
    temp,
    { authUrl: 'http://127.0.0.1:9/auth', baseUrl: 'http://127.0.0.1:9/api' },
    { name: 'Möbelhaus', client: { clientId: 'moebelhaus' } },
  );
  return call<AccountView>('accounts:set-defaults', {
    id: account.id,
    defaults: { ...emptyAccountDefaults(), email: 'laden@moebelhaus.de', city: 'Bonn', postalCode: '53111' },
  });
}

describe('templates', () => {
  it('saves a draft’s shared fields as a template, and starts a new draft from it', async () => {
    const source = await sofaDraft();
    const saved = await call<DraftTemplate>('templates:save', { draftId: source.id, name: '  Sofas  ' });
    expect(saved).toMatchObject({
      name: 'Sofas',
      accountId: source.accountId,
      category: 'Möbel/Sofas',
      attributes: { zustand: 'gebraucht', versand: 'ja' },
      description: sofaFields.description,
      priceType: 'NEGOTIABLE',
      buyNow: true,
      publication: { city: 'Köln', district: 'Ehrenfeld', postalCode: '50823', availabilityRadiusInKm: 30 },
    });
    // The title and the amount belong to one ad, not to the template.
    expect(JSON.stringify(saved)).not.toContain('3-Sitzer');
    expect(JSON.stringify(saved)).not.toContain('349');

    const started = await call<Draft>('templates:new-draft', { accountId: saved.accountId, id: saved.id });
    expect(started.id).not.toBe(source.id);
    expect(started).toMatchObject({
      accountId: source.accountId,
      status: 'draft',
      title: '',
      category: 'Möbel/Sofas',
      attributes: { zustand: 'gebraucht', versand: 'ja' },
      description: sofaFields.description,
      price: { type: 'NEGOTIABLE', amount: null },
      buyNow: true,
      publication: { street: 'Ringstraße 5', city: 'Köln', postalCode: '50823', availabilityRadiusInKm: 30 },
      photos: [],
    });
    expect(await call<Draft>('drafts:get', { id: started.id })).toEqual(started);
  });

  it('keeps each account’s templates apart, and the account’s defaults under a new draft', async () => {
    const sandboxTemplate = await call<DraftTemplate>('templates:save', {
      draftId: (await sofaDraft()).id,
      name: 'Sofas',
    });
    const shop = await otherAccount();
    await call<AccountsState>('accounts:select', { id: shop.id });
    expect((await call<{ templates: DraftTemplate[] }>('templates:list')).templates).toEqual([]);

    // A draft of the shop (its defaults: Bonn) saved as the shop's template.
    const shopDraft = await call<Draft>('drafts:create');
    expect(shopDraft.accountId).toBe(shop.id);
    const fields = draftFieldsOf(shopDraft);
    await call('drafts:save', {
      draft: { ...fields, category: 'Möbel/Tische', attributes: { holz: 'Eiche' } },
    });
    const tables = await call<DraftTemplate>('templates:save', { draftId: shopDraft.id, name: 'Tische' });
    expect(tables.accountId).toBe(shop.id);

    const names = async (accountId?: string) =>
      (
        await call<{ templates: DraftTemplate[] }>('templates:list', accountId ? { accountId } : undefined)
      ).templates.map((t) => t.name);
    expect(await names()).toEqual(['Tische']);
    expect(await names(sandboxTemplate.accountId)).toEqual(['Sofas']);

    // From the shop's template: the shop's contact defaults stay, the template's place has Bonn.
    const started = await call<Draft>('templates:new-draft', { accountId: shop.id, id: tables.id });
    expect(started).toMatchObject({
      accountId: shop.id,
      email: 'laden@moebelhaus.de',
      category: 'Möbel/Tische',
      attributes: { holz: 'Eiche' },
      publication: { city: 'Bonn', postalCode: '53111' },
    });
    // Another account's template is not found under this account.
    const error = await temp.fail('templates:new-draft', { accountId: shop.id, id: sandboxTemplate.id });
    expect(error.code).toBe('not-found');
  });

  it('renames and deletes, sorted by name, and keeps them across a restart', async () => {
    const draft = await sofaDraft();
    const b = await call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Zweisitzer' });
    await call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Ecksofa' });
    const renamed = await call<DraftTemplate>('templates:rename', {
      accountId: b.accountId,
      id: b.id,
      name: 'Barhocker',
    });
    expect(renamed.name).toBe('Barhocker');
    const list = async () =>
      (await call<{ templates: DraftTemplate[] }>('templates:list')).templates.map((t) => t.name);
    expect(await list()).toEqual(['Barhocker', 'Ecksofa']);

    await temp.app.close();
    temp = await createTempApp(folder.dir);
    expect(await list()).toEqual(['Barhocker', 'Ecksofa']);
    expect(await call('templates:delete', { accountId: b.accountId, id: b.id })).toEqual({ done: true });
    expect(await call('templates:delete', { accountId: b.accountId, id: b.id })).toEqual({ done: false });
    expect(await list()).toEqual(['Ecksofa']);
    expect((await temp.fail('templates:save', { draftId: draft.id, name: '   ' })).code).toBe(
      'invalid-input',
    );
    expect((await temp.fail('templates:rename', { accountId: b.accountId, id: b.id, name: 'X' })).code).toBe(
      'not-found',
    );
  });

  it('moves a templates file that does not parse aside and names it', async () => {
    const draft = await sofaDraft();
    const saved = await call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Sofas' });
    const dir = path.join(folder.dir, 'templates');
    writeFileSync(path.join(dir, `${saved.accountId}.json`), '{ "version": 1, "templates": [ {');
    expect((await call<{ templates: DraftTemplate[] }>('templates:list')).templates).toEqual([]);
    expect(readdirSync(dir).some((name) => name.includes('.unreadable-'))).toBe(true);
    await vi.waitFor(async () => {
      const { problems } = await call<ProblemsState>('app:problems');
      expect(problems.some((problem) => problem.movedAside.includes(`templates${path.sep}`))).toBe(true);
    });
  });
});
