// The command line's `import --template NAME` (issue 17): each draft starts from the account's
// template, the row's own values win; a name the account has no template of is a usage error
// (exit code 2) naming the templates it has. A child process per command on a temporary data folder.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { DraftTemplate } from '../../../src/shared/domain/drafts/template';
import { put } from '../../fixtures/import/import-files';
import { createTempApp, tempDirsForFile } from '../../unit/helpers/temp-app';
import { cli } from './run-cli';

const [data, src] = tempDirsForFile('listing-desk-cli-template-data-', 'listing-desk-cli-template-src-');

describe('import --template on the command line', () => {
  it('starts each draft from the named template; an unknown name is a usage error', async () => {
    // The shop's template, saved in the app from a finished draft.
    const app = await createTempApp(data.dir);
    let template: DraftTemplate;
    try {
      const created = await app.call<Draft>('drafts:create');
      const fields = draftFieldsOf(created);
      const draft = await app.call<Draft>('drafts:save', {
        draft: {
          ...fields,
          title: 'Vorlage',
          category: 'Möbel/Sofas',
          attributes: { zustand: 'gebraucht', versand: 'ja' },
        },
      });
      template = await app.call<DraftTemplate>('templates:save', { draftId: draft.id, name: 'Sofas' });
    } finally {
      await app.remove();
    }
    const file = put(
      src.dir,
      'sofas.csv',
      'Titel;Preis;Kategorie\nSofa grau;349;\nSessel;80;Möbel/Sessel\n;5;\n',
    );

    // The files' categories are made up (not the catalog's): kept as typed (--keep-categories), as before issue 34.
    const run = await cli([
      'import',
      file,
      '--template',
      ' sofas ',
      '--keep-categories',
      '--data-dir',
      data.dir,
    ]);
    expect(run.code, run.stderr).toBe(1);
    // The refused row is named as the spreadsheet shows it (header = row 1).
    expect(run.stderr).toContain('row 4: not imported: no title');
    const result = JSON.parse(run.stdout) as { created: number; draftIds: string[]; template: unknown };
    expect(result).toMatchObject({ created: 2, template: { id: template.id, name: 'Sofas' } });

    const again = await createTempApp(data.dir);
    try {
      const [sofa, chair] = await Promise.all(
        result.draftIds.map((id) => again.call<Draft>('drafts:get', { id })),
      );
      expect(sofa).toMatchObject({
        title: 'Sofa grau',
        category: 'Möbel/Sofas',
        attributes: { zustand: 'gebraucht', versand: 'ja' },
      });
      expect(chair).toMatchObject({ title: 'Sessel', category: 'Möbel/Sessel' });
    } finally {
      await again.remove();
    }

    const unknown = await cli(['import', file, '--template', 'Tische', '--data-dir', data.dir], {
      LANG: 'de_DE.UTF-8',
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('hat keine Vorlage „Tische“. Seine Vorlagen: Sofas.');
    expect(unknown.stdout).toBe('');

    const wrongCommand = await cli(['export', path.join(src.dir, 'x.csv'), '--template', 'Sofas']);
    expect(wrongCommand.code).toBe(2);
  }, 180_000);
});
