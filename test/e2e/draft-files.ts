// Drafts written in the store's own format before the app starts (the app indexes them at start).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Draft } from '../../src/shared/domain/draft';
import { sampleDraft } from '../fixtures/drafts';
import { colourFor, solidPng } from '../fixtures/images';

/** Writes a draft file as the store keeps it (drafts/<id>.json); the app indexes it at start. */
export function writeDraft(dataDir: string, draft: Draft): void {
  mkdirSync(path.join(dataDir, 'drafts'), { recursive: true });
  writeFileSync(path.join(dataDir, 'drafts', `${draft.id}.json`), JSON.stringify(draft));
}

/** A complete, publishable draft with `count` real photos on disk (colours from `n` on). */
export function readyDraft(dataDir: string, n: number, fields: Partial<Draft>, count = 1): Draft {
  const id = randomUUID();
  mkdirSync(path.join(dataDir, 'photos', id), { recursive: true });
  const photos = Array.from({ length: count }, (_, i) => {
    const photoId = randomUUID();
    const png = solidPng(colourFor(n + i));
    for (const name of [`${photoId}.png`, `${photoId}.thumb.png`])
      writeFileSync(path.join(dataDir, 'photos', id, name), png);
    return {
      id: photoId,
      file: `photos/${id}/${photoId}.png`,
      thumb: `photos/${id}/${photoId}.thumb.png`,
      mediaType: 'image/png' as const,
      width: 64,
      height: 64,
      bytes: png.length,
      originalName: `photo-${n + i}.png`,
    };
  });
  return { ...sampleDraft(id, fields, 0), photos };
}
