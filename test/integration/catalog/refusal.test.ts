// A refusal of a create or an update names the likely cause in the seller's words (issue 33.4): the
// category and values sent that are not known good, by the catalog's labels, in English and German,
// in the job's message, a live edit's error and the log. Where every part sent is known good, the
// message says nothing extra. Real HTTP against the app's own embedded Sandbox, which refuses paths
// outside the catalog and, asked here, sizes outside it.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { shippedCatalog } from '../../../src/main/catalog';
import { SANDBOX_ACCOUNT_ID } from '../../../src/main/storage/accounts-store';
import { makeCatalogView, type CatalogLanguage } from '../../../src/shared/domain/catalog';
import type { PublishJobView, PublishState } from '../../../src/shared/domain/publishing/publish-job';
import { serviceMessage, serviceMessageLine } from '../../../src/shared/service-messages';
import { readyDraft, writeDraft } from '../../fixtures/draft-files';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

const SHOES = 'Mode_Beauty/Schuhe_Damen';
const view = makeCatalogView(shippedCatalog());
/** The catalog's own words, whatever labels it carries: "Größe" / "Size", "Damenschuhe". */
const size = (language: CatalogLanguage) => view.attributeLabel('groesse', language);
const shoes = (language: CatalogLanguage) => view.names(view.category(SHOES)!, language).sub;

let temp: TempApp;
const folder = tempDir('listing-desk-refusal-');
const drafts = { good: '', xl: '', again: '' };

beforeEach(async () => {
  const attributes = { groesse: '38', condition: 'like_new', versand: 'ja' };
  const make = (n: number, title: string, values: Record<string, string>) => {
    const draft = readyDraft(folder.dir, n, {
      title,
      category: SHOES,
      attributes: values,
      customReference: `REF-${n}`,
      publication,
    });
    writeDraft(folder.dir, draft);
    return draft.id;
  };
  drafts.good = make(1, 'Pumps 38', attributes);
  drafts.xl = make(2, 'Pumps XL', { ...attributes, groesse: 'xl' });
  drafts.again = make(3, 'Pumps 38, zweites Paar', attributes);
  temp = await createTempApp(
    folder.dir,
    {},
    {
      sandboxCatalog: { categoryPaths: 'catalog', attributeValues: ['groesse'] },
    },
  );
});
afterEach(async () => {
  await temp.remove();
  folder.remove();
});

async function publishedOrFailed(draftId: string): Promise<PublishJobView> {
  await temp.call('publish:start', { draftIds: [draftId] });
  let job: PublishJobView | undefined;
  await vi.waitFor(
    async () => {
      const { jobs } = await temp.call<PublishState>('publish:list');
      job = jobs.find((j) => j.draftId === draftId);
      expect(['published', 'failed']).toContain(job?.state);
    },
    { timeout: 15_000, interval: 50 },
  );
  return job!;
}

const logged = (level: 'warn' | 'info') => temp.log[level].mock.calls.map(([message]) => message).join('\n');

it('names a size the catalog does not know, in English and German, in the job and the log', async () => {
  const job = await publishedOrFailed(drafts.xl);
  expect(job.state).toBe('failed');
  expect(job.error).toMatchObject({
    status: 400,
    operation: 'createListing',
    serviceDetail: 'Failed to read request',
  });
  const en = `${size('en')} 'xl' is not known for ${shoes('en')}: 35 to 49.`;
  const de = `${size('de')} 'xl' ist für ${shoes('de')} nicht bekannt: 35 bis 49.`;
  // Only what the catalog does not know is blamed: the category and the other values are in it.
  expect(job.error!.likelyCause).toEqual({ en, de });
  expect(serviceMessage(job.error!, 'en')!.what).toBe(
    `The service refused the ad’s data without naming the field. The likely cause: ${en}`,
  );
  expect(serviceMessageLine(job.error!, 'de')).toBe(
    `Der Dienst hat die Daten der Anzeige abgelehnt, ohne das Feld zu nennen. Wahrscheinliche Ursache: ${de} ` +
      'Prüfen Sie Titel, Kategorie, Merkmale, Anzeigentyp und Preisart im Entwurf und veröffentlichen Sie erneut.',
  );
  // The job's own English words carry it (the engine logs them), and the watch logs the refusal.
  expect(job.error!.detail).toContain(en);
  expect(logged('warn')).toContain(`createListing refused (400); likely cause: ${en}`);
  expect(logged('info')).toMatch(
    new RegExp(`Publish job ${job.id} failed: bad-request: .*${size('en')} 'xl'`),
  );
}, 30_000);

it('says nothing extra when the category and every value sent are known good', async () => {
  const good = await publishedOrFailed(drafts.good);
  expect(good.state).toBe('published');
  // Accepted: known good for the Sandbox account from now on.
  expect(temp.app.knownGood.value(SANDBOX_ACCOUNT_ID, SHOES, 'groesse', '38')).toBe(true);
  // The service refuses the same parts for a reason of its own.
  temp.app.sandbox.sandbox.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 400, times: 1 });
  const job = await publishedOrFailed(drafts.again);
  expect(job.state).toBe('failed');
  expect(job.error).toMatchObject({ status: 400, operation: 'createListing' });
  expect(job.error!.likelyCause).toBeUndefined();
  expect(serviceMessage(job.error!, 'en')!.what).toBe(
    'The service refused the ad’s data without naming the field.',
  );
  expect(serviceMessage(job.error!, 'de')!.what).toBe(
    'Der Dienst hat die Daten der Anzeige abgelehnt, ohne das Feld zu nennen.',
  );
  expect(logged('info')).toContain('createListing refused (400); its category and attributes are known good');
}, 30_000);

it('names a category the marketplace does not know when a live change is refused', async () => {
  const good = await publishedOrFailed(drafts.good);
  expect(good.state).toBe('published');
  const error = await temp.fail('listings:update', {
    uuid: good.listingUuid,
    patch: { category: 'Elektronik/Handys' },
  });
  const details = error.details as Parameters<typeof serviceMessageLine>[0];
  expect(details).toMatchObject({ status: 400, operation: 'updateListing' });
  expect(details.likelyCause).toEqual({
    en: "The marketplace does not know the category 'Elektronik/Handys'.",
    de: "Die Kategorie 'Elektronik/Handys' kennt der Marktplatz nicht.",
  });
  expect(serviceMessageLine(details, 'de')).toBe(
    'Der Dienst hat die geänderten Daten der Anzeige abgelehnt, ohne das Feld zu nennen. ' +
      "Wahrscheinliche Ursache: Die Kategorie 'Elektronik/Handys' kennt der Marktplatz nicht. " +
      'Prüfen Sie die geänderte Kategorie und die Merkmale und speichern Sie erneut.',
  );
  expect(logged('warn')).toContain(
    "updateListing refused (400); likely cause: The marketplace does not know the category 'Elektronik/Handys'.",
  );
}, 30_000);

it('names what the service never took from the account where the catalog knows every part', async () => {
  temp.app.sandbox.sandbox.faults.add({ route: 'POST /v1/listings', kind: 'status', status: 400, times: 1 });
  const job = await publishedOrFailed(drafts.good);
  expect(job.state).toBe('failed');
  const part = (key: string, value: string, language: CatalogLanguage) =>
    `${view.attributeLabel(key, language)} '${view.valueLabel(SHOES, key, value, language)}'`;
  const parts = (language: CatalogLanguage) =>
    [
      part('groesse', '38', language),
      part('condition', 'like_new', language),
      part('versand', 'ja', language),
    ].join(', ');
  expect(job.error!.likelyCause).toEqual({
    en: `The service has not yet accepted these from this account: the category ${shoes('en')}, ${parts('en')}.`,
    de: `Diese Angaben hat der Dienst von diesem Konto noch nie angenommen: die Kategorie ${shoes('de')}, ${parts('de')}.`,
  });
}, 30_000);
