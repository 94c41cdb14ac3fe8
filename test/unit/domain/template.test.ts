// applyTemplate (issue 17): a template's fields over a new draft or an imported row, the rest kept.
import { describe, expect, it } from 'vitest';
import { newDraft, type DraftInit } from '../../../src/shared/domain/drafts/draft';
import {
  applyTemplate,
  templateFromDraft,
  type DraftTemplate,
} from '../../../src/shared/domain/drafts/template';
import { sampleDraft } from '../../fixtures/drafts';

const ID = '00000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-23T10:00:00.000Z');
const template: DraftTemplate = templateFromDraft(sampleDraft(ID), {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: ' Kühlschränke ',
  accountId: 'sandbox',
  now,
});

describe('templateFromDraft', () => {
  it('keeps the shared fields and leaves the ad’s own out', () => {
    expect(template).toMatchObject({
      name: 'Kühlschränke',
      category: 'Haushalt/Kühlschränke',
      attributes: { condition: 'like_new', versand: 'ja' },
      priceType: 'FIXED',
      buyNow: false,
      publication: { city: 'Berlin', postalCode: '10115', availabilityRadiusInKm: 25 },
    });
    const stored = JSON.stringify(template);
    for (const own of ['Kühlschrank, wie neu', '120,50', 'REF-1', 'seller@example.de', 'photos/'])
      expect(stored).not.toContain(own);
  });
});

describe('applyTemplate', () => {
  it('fills a new draft’s start and keeps what the template leaves empty', () => {
    const start: DraftInit = {
      accountId: 'sandbox',
      email: 'laden@example.de',
      description: '\n\nImpressum: Laden GmbH',
      attributes: { farbe: 'weiß', condition: 'defect' },
      publication: { street: 'Ring 1', city: 'Bonn', postalCode: '53111', district: null },
    };
    const sparse = {
      ...template,
      description: '',
      buyNow: null,
      publication: { ...template.publication, street: '' },
    };
    const applied = applyTemplate(start, sparse);
    expect(applied).toMatchObject({
      accountId: 'sandbox',
      email: 'laden@example.de',
      category: 'Haushalt/Kühlschränke',
      description: '\n\nImpressum: Laden GmbH',
      attributes: { farbe: 'weiß', condition: 'like_new', versand: 'ja' },
      price: { type: 'FIXED' },
      publication: { street: 'Ring 1', city: 'Berlin', postalCode: '10115', district: 'Mitte' },
    });
    expect(applied.buyNow).toBeUndefined();
    const draft = newDraft(applied, { id: ID, now });
    expect(draft.price).toEqual({ type: 'FIXED', amount: null });
    expect(draft.title).toBe('');
  });

  it('works on a stored draft and keeps its own fields and photos', () => {
    const draft = sampleDraft(
      ID,
      { title: 'Sofa', price: { type: 'NEGOTIABLE', amount: 99 }, category: 'Möbel' },
      2,
    );
    const applied = applyTemplate(draft, template);
    expect(applied).toMatchObject({ id: ID, title: 'Sofa', category: 'Haushalt/Kühlschränke' });
    expect(applied.price).toEqual({ type: 'FIXED', amount: 99 });
    expect(applied.photos).toHaveLength(2);
    expect(draft.category).toBe('Möbel');
  });
});
