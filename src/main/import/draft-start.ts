// Where an imported row's draft starts, and how a row is named in the log.
import path from 'node:path';
import type { DraftInit } from '../../shared/domain/drafts';
import { sheetRow, type ImportRowPreview } from '../../shared/domain/tables';
import { applyTemplate, type DraftTemplate } from '../../shared/domain/drafts';
import type { AccountView } from '../../shared/ipc/types';
import { draftInitFromDefaults } from '../drafts/drafts-service';

/**
 * A draft's start: the account's defaults, then the template (if any) over them, then the row's
 * fields on top (the row wins wherever it has a value; attributes are merged).
 */
export function draftInitOf(
  account: AccountView,
  fields: ImportRowPreview['draft'],
  template?: DraftTemplate,
): DraftInit {
  const defaults = draftInitFromDefaults(account);
  const base = template ? applyTemplate(defaults, template) : defaults;
  const { photos: _photos, ...row } = fields;
  // The account's footer follows the row's text, unless the text ends with it already (a round trip).
  const footer = defaults.description ?? '';
  const description =
    row.description === undefined || row.description === ''
      ? (base.description ?? '')
      : footer !== '' && row.description.trimEnd().endsWith(footer.trim())
        ? row.description
        : `${row.description}${footer}`;
  return {
    ...base,
    ...row,
    accountId: account.id,
    description,
    price: { ...base.price, ...row.price },
    publication: { ...base.publication, ...row.publication },
    ...((base.attributes !== undefined || row.attributes !== undefined) && {
      attributes: { ...base.attributes, ...row.attributes },
    }),
  };
}

/** How a row is named in the log: the ad file, or the spreadsheet's row number (header = row 1). */
export function rowName(row: { index: number; file?: string | undefined }): string {
  return row.file !== undefined ? path.basename(row.file) : `row ${sheetRow(row.index)}`;
}
