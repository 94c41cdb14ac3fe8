// Import from a template (issue 17) through the real router, drafts store and templates service:
// each draft starts from the account's defaults, then the template, then the row (the row wins
// where it has a value). A template of another account is refused and nothing is written. The log
// names rows by the number the spreadsheet (and the wizard) shows: the header is row 1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { ImportPreviewResult, ImportRunResult } from '../../../src/shared/domain/tables/import';
import type { DraftTemplate } from '../../../src/shared/domain/drafts/template';
import type { AccountView, DraftsListResult } from '../../../src/shared/ipc/types';
import { emptyAccountDefaults } from '../../../src/main/storage/accounts-store';
import { put } from '../../fixtures/import/import-files';
import { addRealAccount } from '../../helpers/real-account';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let t: TempApp;
let src: { dir: string; remove(): void };

beforeEach(async () => {
  t = await createTempApp();
  src = tempDir('listing-desk-import-template-');
});
afterEach(async () => {
  await t.remove();
  src.remove();
});

const account = 'sandbox';

/** A template "Sofas" of `accountId`'s draft with the shared fields filled. */
async function sofaTemplate(): Promise<DraftTemplate> {
  const created = await t.call<Draft>('drafts:create');
  const fields = draftFieldsOf(created);
  const draft = await t.call<Draft>('drafts:save', {
    draft: {
      ...fields,
      title: 'Vorlage',
      category: 'Möbel/Sofas',
      description: 'Aus unserem Lager. Abholung in Köln.',
      attributes: { zustand: 'gebraucht', versand: 'ja' },
      price: { type: 'NEGOTIABLE', amount: '' },
      publication: { ...created.publication, city: 'Köln', postalCode: '50823' },
    },
  });
  return t.call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Sofas' });
}

const table = () =>
  put(
    src.dir,
    'bestand.csv',
    'Titel;Preis;Kategorie;zustand;Ort\n' +
      'Sofa grau;349;;;\n' +
      'Stuhl;25;Möbel/Stühle;neu;Bonn\n' +
      ';10;;;\n',
  );
const mapping = ['title', 'price', 'category', 'attribute', 'city'];

describe('import from a template', () => {
  it('starts each draft from the template; the row’s own values win', async () => {
    const template = await sofaTemplate();
    const file = table();
    const preview = await t.call<ImportPreviewResult>('import:preview', {
      path: file,
      accountId: account,
      mapping,
      // Made-up categories (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
      templateId: template.id,
    });
    expect(preview.template).toEqual({ id: template.id, name: 'Sofas' });
    expect(preview.counts).toMatchObject({ rows: 3, ok: 2, refused: 1 });

    const result = await t.call<ImportRunResult>('import:run', {
      path: file,
      accountId: account,
      mapping,
      // Made-up categories (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
      templateId: template.id,
      runId: 'run-template',
    });
    expect(result.created).toBe(2);
    // The refused row carries its index; the wizard and the log show it as spreadsheet row 4.
    expect(result.refused.map((r) => r.index)).toEqual([3]);

    const [sofa, chair] = await Promise.all(result.draftIds.map((id) => t.call<Draft>('drafts:get', { id })));
    // Only the title and price came from the row: the rest is the template's.
    expect(sofa).toMatchObject({
      accountId: account,
      title: 'Sofa grau',
      category: 'Möbel/Sofas',
      description: 'Aus unserem Lager. Abholung in Köln.',
      attributes: { zustand: 'gebraucht', versand: 'ja' },
      price: { type: 'NEGOTIABLE', amount: 349 },
      publication: { city: 'Köln', postalCode: '50823' },
    });
    // The row's category, attribute and city win; the template's other attribute stays.
    expect(chair).toMatchObject({
      title: 'Stuhl',
      category: 'Möbel/Stühle',
      attributes: { zustand: 'neu', versand: 'ja' },
      price: { type: 'NEGOTIABLE', amount: 25 },
      publication: { city: 'Bonn', postalCode: '50823' },
    });
    expect(chair!.attributes).toEqual({ zustand: 'neu', versand: 'ja' });

    const logged = t.log.info.mock.calls.map(([message]) => message).join('\n');
    expect(logged).toContain('(template “Sofas”)');
    expect(logged).toContain('1 rows refused (row 4: missing-title)');
  });

  it('without a template, a row starts from the account’s defaults only', async () => {
    await sofaTemplate();
    const result = await t.call<ImportRunResult>('import:run', {
      path: table(),
      accountId: account,
      mapping,
      // Made-up categories (not the catalog's): kept as typed, as before issue 34.
      categoriesAsTyped: true,
      runId: 'run-plain',
    });
    const sofa = await t.call<Draft>('drafts:get', { id: result.draftIds[0]! });
    expect(sofa.category).toBe('');
    expect(sofa.attributes).toEqual({});
    expect(sofa.price.type).not.toBe('NEGOTIABLE');
  });

  it('refuses a template of another account, and writes nothing', async () => {
    const template = await sofaTemplate();
    const shop = await addRealAccount(
      t,
      { authUrl: 'http://127.0.0.1:9/auth', baseUrl: 'http://127.0.0.1:9/api' },
      { name: 'Möbelhaus', client: { clientId: 'moebelhaus' } },
    );
    await t.call<AccountView>('accounts:set-defaults', {
      id: shop.id,
      defaults: {
        ...emptyAccountDefaults(),
        email: 'laden@moebelhaus.de',
        city: 'Bonn',
        postalCode: '53111',
      },
    });
    const before = (await t.call<DraftsListResult>('drafts:list')).total;
    const plan = { path: table(), accountId: shop.id, mapping, templateId: template.id };

    for (const error of [
      await t.fail('import:preview', plan),
      await t.fail('import:run', { ...plan, runId: 'run-other' }),
    ]) {
      expect(error.code).toBe('invalid-input');
      expect(error.details).toEqual({ reason: 'template-not-of-account' });
      // The test app runs in German (its system language): the refusal reaches the seller in it.
      expect(error.message).toBe(
        'Diese Vorlage gehört nicht zum gewählten Konto (vielleicht wurde sie gelöscht). Wählen Sie eine andere Vorlage oder keine.',
      );
    }
    // A template id that no account has is refused the same way.
    const unknown = await t.fail('import:preview', {
      ...plan,
      accountId: account,
      templateId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.details).toEqual({ reason: 'template-not-of-account' });

    expect((await t.call<DraftsListResult>('drafts:list')).total).toBe(before);
    // The refused run did not take its run id: the same import with a good template runs.
    const ok = await t.call<ImportRunResult>('import:run', {
      ...plan,
      accountId: account,
      runId: 'run-other',
    });
    expect(ok.created).toBe(2);
  });
});
