// Every row of the spec's Errors table and every token error code has a seller's sentence in English
// and German, says what to do, names suspected fields, and never repeats itself.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SPEC_ERROR_ROWS,
  serviceDetails,
  serviceMessage,
  serviceMessageLine,
  type ServiceFailure,
} from '../../../src/shared/service-messages';
import { TOKEN_ERROR_CODES } from '../../../src/shared/service';

const LANGUAGES = ['en', 'de'] as const;

/** The first phrase of three words that occurs twice in `text` (case and punctuation ignored). */
function repeatedPhrase(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/ ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i += 1) {
    const phrase = words.slice(i, i + 3).join(' ');
    if (seen.has(phrase)) return phrase;
    seen.add(phrase);
  }
  return undefined;
}

const failures: Array<[string, ServiceFailure]> = [
  ...SPEC_ERROR_ROWS.flatMap((row) =>
    row.operations.map((operation): [string, ServiceFailure] => [
      `${row.endpoint} ${row.status} (${operation})`,
      { operation, status: row.status, problem: row.status === 404 ? 'not-found' : 'bad-request' },
    ]),
  ),
  ...TOKEN_ERROR_CODES.map((code): [string, ServiceFailure] => [
    `token ${code}`,
    { operation: 'token', status: 400, problem: code },
  ]),
];

describe('service messages', () => {
  it.each(failures)('%s has a sentence in English and German that says what to do', (_, failure) => {
    const texts = LANGUAGES.map((language) => serviceMessage(failure, language));
    for (const text of texts) {
      expect(text).toBeDefined();
      expect(text!.title.length).toBeGreaterThan(3);
      expect(text!.what).toMatch(/[.!]$/);
      expect(text!.todo).toMatch(/[.!]$/);
      expect(repeatedPhrase(`${text!.what} ${text!.todo}`)).toBeUndefined();
      // The service's terse English stays in Details, not in the sentence.
      expect(`${text!.what} ${text!.todo}`).not.toMatch(
        /Bad Request|PAYLOAD_TOO_LARGE|BAD_REQUEST|Missing data/,
      );
    }
    const [en, de] = texts;
    // German is German, not the English text copied.
    expect(de!.what).not.toBe(en!.what);
    expect(de!.todo).not.toBe(en!.todo);
  });

  it('covers the token error codes the spec lists, and only those by code', () => {
    expect(
      serviceMessage({ operation: 'token', status: 400, problem: 'token-rejected' }, 'en'),
    ).toBeUndefined();
  });

  it('names the fields the app suspects when a publication is refused with 400, in the seller’s words', () => {
    const failure = {
      operation: 'createPublication',
      status: 400,
      problem: 'bad-request',
      fields: ['publication.district', 'publication.postalCode'],
    };
    expect(serviceMessageLine(failure, 'en')).toBe(
      'The service refused to publish the ad because data is missing, without naming the field. Check these fields in the draft’s location: District, Postal code. Then publish again.',
    );
    expect(serviceMessageLine(failure, 'de')).toBe(
      'Der Dienst hat die Veröffentlichung abgelehnt, weil Angaben fehlen, ohne das Feld zu nennen. Prüfen Sie diese Felder im Standort des Entwurfs: Ortsteil, Postleitzahl. Veröffentlichen Sie dann erneut.',
    );
    // Nothing suspected: the location fields are named in general.
    expect(serviceMessage({ ...failure, fields: [] }, 'de')!.todo).toContain('Ortsteil');
  });

  it('has no sentence for statuses the table does not list, so the problem’s own words are used', () => {
    expect(
      serviceMessage({ operation: 'createPublication', status: 500, problem: 'server-error' }, 'en'),
    ).toBeUndefined();
    expect(serviceMessage({ problem: 'timeout' }, 'de')).toBeUndefined();
  });

  it('shows the service’s own title and detail once each under Details', () => {
    expect(serviceDetails({ status: 400, title: 'Bad Request', detail: 'Missing data' })).toBe(
      '400 · Bad Request · Missing data',
    );
    expect(serviceDetails({ status: 413, title: 'Media is too large.', detail: 'media is too large.' })).toBe(
      '413 · Media is too large.',
    );
    expect(serviceDetails({})).toBe('');
  });

  // The spec lives beside the repository (../shared/spec); a copy of the tree without it still has
  // the rows above, copied from it, so this check runs only where the spec is present.
  const spec = resolve(__dirname, '../../../../shared/spec/listing-service.md');
  it.runIf(existsSync(spec))(
    'lists every row of the spec’s Errors table (skipped where ../shared/spec is not beside the repository)',
    () => {
      const text = readFileSync(spec, 'utf8');
      const section = text.slice(text.indexOf('## Errors'), text.indexOf('## Limits'));
      const rows = section
        .split('\n')
        .filter((line) => /^\| (POST|GET|PUT|DELETE)/.test(line))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map(([, endpoint, status, title]) => `${endpoint} ${status} ${title}`);
      expect(rows.length).toBe(12);
      expect(SPEC_ERROR_ROWS.map((row) => `${row.endpoint} ${row.status} ${row.title}`)).toEqual(rows);
    },
  );
});
