// Contract calls from a test through the page's bridge (window.api), as the renderer makes them.
import type { Page } from '@playwright/test';
import type { InputOf, OutputOf } from '../../src/shared/ipc/contract';
import type { ChannelName } from '../../src/shared/ipc/names';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { sampleDraft } from '../fixtures/drafts';
import type { Caller } from '../helpers/imprint';
import { colourFor, solidPng } from '../fixtures/images';
import { expect } from './fixtures';

/** One contract call through the page's bridge; throws with the error envelope's message. */
export async function call<C extends ChannelName>(
  page: Page,
  channel: C,
  input?: InputOf<C>,
): Promise<OutputOf<C>> {
  const result = await page.evaluate(({ channel, input }) => window.api!.invoke(channel, input), {
    channel,
    input,
  });
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
  return result.value as OutputOf<C>;
}

/** Makes a publishable draft with `photos` distinct photos (each its own colour and size, from `n`). */
export async function makeDraft(
  page: Page,
  n: number,
  options: { title: string; reference: string; photos: number },
): Promise<string> {
  const created = await call(page, 'drafts:create');
  // The editor's fields of a complete sample draft (the stored-only fields are not sent).
  const fields = draftFieldsOf(
    sampleDraft(created.id, {
      title: options.title,
      description: `Beschreibung von Artikel ${n}.`,
      customReference: options.reference,
    }),
  );
  // No imprint of its own: the engine uses (and first creates) the account's default.
  await call(page, 'drafts:save', {
    draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
  });
  for (let p = 1; p <= options.photos; p += 1) {
    const bytes = solidPng(colourFor(n * 10 + p), 40 + n * 4 + p);
    const added = await call(page, 'drafts:add-photo-bytes', {
      draftId: created.id,
      batchId: `draft-${n}`,
      name: `IMG_${n}_${p}.png`,
      size: bytes.length,
      base64: bytes.toString('base64'),
    });
    expect(added.refused).toEqual([]);
  }
  return created.id;
}

/** The page as a caller of the contract, for the shared helpers (test/helpers). */
export function desk(page: Page): Caller {
  return { call: (channel, input) => call(page, channel as ChannelName, input as never) };
}
