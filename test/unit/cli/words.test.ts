// The command line's words come from main's i18n (the cli namespace): the same texts as before
// they moved there, counts in the right form in both languages, and a fallback for a problem the
// words do not know.
import { describe, expect, it } from 'vitest';
import { cliWords, importProblemsText, jobErrorText, jobStateText } from '../../../src/main/cli/words/words';
import type { PublishJobError, PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import type { UsageProblem } from '../../../src/main/cli/args';

const en = cliWords('en');
const de = cliWords('de');

describe('the command line words', () => {
  it('puts counts in the right form', () => {
    expect([0, 1, 2].map((n) => en.started(n))).toEqual([
      'Publishing 0 drafts…',
      'Publishing 1 draft…',
      'Publishing 2 drafts…',
    ]);
    expect([1, 2].map((n) => de.started(n))).toEqual([
      '1 Entwurf wird veröffentlicht…',
      '2 Entwürfe werden veröffentlicht…',
    ]);
    expect(en.imported(1, 2, 1, false)).toBe('1 draft created, 2 rows not imported, 1 photo added.');
    expect(en.imported(2, 1, 0, true)).toBe('2 drafts created, 1 ad file not imported, 0 photos added.');
    expect(de.imported(1, 1, 3, true)).toBe(
      '1 Entwurf angelegt, 1 Anzeigendatei nicht übernommen, 3 Fotos hinzugefügt.',
    );
    expect(de.imported(0, 2, 1, false)).toBe(
      '0 Entwürfe angelegt, 2 Zeilen nicht übernommen, 1 Foto hinzugefügt.',
    );
    expect(en.exported('a.csv', 1, 'listings')).toBe('Written to a.csv: 1 listing.');
    expect(de.exported('a.csv', 3, 'drafts')).toBe('Geschrieben nach a.csv: 3 Entwürfe.');
  });

  it('says what it was given, in either language', () => {
    expect(en.summary(2, 1, 0)).toBe('2 live, 1 not published.');
    expect(de.summary(2, 1, 3)).toBe('2 online, 1 nicht veröffentlicht, 3 noch unterwegs.');
    expect(en.usage({ problem: 'template-unknown', name: 'Bikes', account: 'Shop', names: ['A', 'B'] })).toBe(
      'The account Shop has no template "Bikes". Its templates: A, B.',
    );
    expect(de.usage({ problem: 'unknown-command', name: 'frob' })).toBe('Einen Befehl „frob“ gibt es nicht.');
    expect(de.listingsStale('2026-01-02', 'timeout')).toBe(
      'Die Anzeigen sind gerade nicht lesbar (timeout); dies ist der letzte bekannte Stand vom 2026-01-02.',
    );
    expect(en.jobsHeader).toEqual(['State', 'Title', 'Ad', 'Draft', 'Updated']);
    expect(de.help).toMatch(/^Listing Desk auf der Befehlszeile/);
    expect(en.help).toContain('130 stopped (Ctrl+C)\n');
  });

  it("words the engine's problems, and falls back to the service's title for others", () => {
    const error = (problem: string): PublishJobError => ({
      problem,
      title: 'Odd thing',
      detail: 'Something odd',
      remedy: 'retry',
      whatToDo: 'Look',
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(jobErrorText(error('photo-missing'), 'de')).toBe(
      'Eine Fotodatei des Entwurfs fehlt. Fügen Sie das Foto erneut hinzu.',
    );
    expect(jobErrorText(error('something-new'), 'en')).toBe('Odd thing. Look');
    expect(
      importProblemsText(
        [
          { code: 'missing-title', severity: 'error' },
          { code: 'photo-not-found', severity: 'error', value: 'a.jpg' },
        ],
        'de',
      ),
    ).toBe('kein Titel; Foto nicht gefunden (a.jpg)');
  });

  it.each(['en', 'de'] as const)('leaves no {{variable}} unfilled in any %s text', (language) => {
    const w = cliWords(language);
    const usages: UsageProblem[] = [
      { problem: 'options', detail: 'd' },
      { problem: 'unknown-command', name: 'n' },
      { problem: 'data-dir-empty' },
      { problem: 'data-dir-missing', dir: 'd' },
      { problem: 'wait', value: 'v' },
      { problem: 'not-with', flag: '--f', command: 'status' },
      { problem: 'import-one' },
      { problem: 'export-one' },
      { problem: 'export-type', file: 'f' },
      { problem: 'publish-what' },
      { problem: 'not-an-id', id: 'i' },
      { problem: 'no-arguments', command: 'listings' },
      { problem: 'account-unknown', name: 'n', names: ['a'] },
      { problem: 'template-unknown', name: 'n', account: 'a', names: [] },
      { problem: 'template-unknown', name: 'n', account: 'a', names: ['t'] },
      { problem: 'not-available', command: 'export' },
    ];
    const texts = [
      w.help,
      w.usageHint,
      ...usages.map((usage) => w.usage(usage)),
      w.unreachable('a', 'm'),
      w.unexpected('m', 'l'),
      w.started(1),
      w.started(3),
      w.notStarted('t', 'w'),
      w.waiting('w'),
      w.published(null),
      w.published(7),
      w.rejected(null),
      w.rejected('r'),
      w.failed('w'),
      w.photosProgress(1, 2),
      w.summary(1, 2, 0),
      w.summary(1, 2, 3),
      w.gaveUpWaiting(5),
      w.listingsStale(null, 'm'),
      w.listingsStale('w', 'm'),
      ...w.jobsHeader,
      ...w.listingsHeader,
      w.imported(1, 1, 1, true),
      w.imported(2, 2, 2, false),
      w.importProgress('photos', 1, 2),
      w.importProgress('drafts', 1, 2),
      w.refusedRow('w', 'p'),
      w.row(1),
      w.photoRefused('n', 'm'),
      w.undoHint('i'),
      w.cannotImport('f', 'w'),
      w.exporting('drafts', 'a'),
      w.exporting('listings', 'a'),
      w.exported('f', 1, 'drafts'),
      w.exported('f', 2, 'listings'),
      w.exportExists('f'),
    ];
    expect(texts.filter((text) => text === '' || /{{|}}/.test(text))).toEqual([]);
  });

  it('says what became of an ad after its job (issue 23.5), not "live" for ever', () => {
    const job = {
      state: 'published',
      adId: 1234,
      actualState: 'PUBLISHED',
      supersededBy: null,
    } as PublishJobView;
    expect(jobStateText(job, 'en')).toBe('live (ad 1234)');
    const at = '2026-11-27T01:00:00.000Z';
    expect(jobStateText({ ...job, later: { outcome: 'sold', at } }, 'en')).toBe('sold, taken down (ad 1234)');
    expect(jobStateText({ ...job, later: { outcome: 'gone', at } }, 'de')).toBe(
      'nicht mehr beim Dienst (Anzeige 1234)',
    );
    expect(jobStateText({ ...job, actualState: 'PAUSED', later: { outcome: 'paused', at } }, 'de')).toBe(
      'pausiert (Anzeige 1234)',
    );
    expect(
      jobStateText({ ...job, actualState: 'BLOCKED', later: { outcome: 'needs-seller', at } }, 'en'),
    ).toBe('needs you: the service shows BLOCKED (ad 1234)');
  });
});
