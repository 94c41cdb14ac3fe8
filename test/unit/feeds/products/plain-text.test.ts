// A shop's HTML description as an ad's plain text (issue 35.2): paragraphs and list items as lines,
// entities decoded, scripts and styles gone, cut at a draft's own limit.
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_LIMIT,
  cutText,
  descriptionCut,
  htmlToPlainText,
} from '../../../../src/shared/domain/feeds';
import { draftLimits } from '../../../../src/shared/domain/drafts';

describe('htmlToPlainText', () => {
  it('keeps paragraphs, breaks and list items as lines and decodes entities', () => {
    const html =
      '<h2>Gr&ouml;&szlig;e &amp; Passform</h2>' +
      '<p>Ein <strong>schöner</strong> Esstisch&nbsp;aus massiver Eiche.<br>Geölt, nicht lackiert.</p>' +
      '<ul><li>Länge: 180&nbsp;cm</li><li>Breite: 90 cm</li></ul>' +
      '<ol><li>Platte</li><li>Beine</li></ol>' +
      '<p>Preis inkl. MwSt. &ndash; &bdquo;Sofort&ldquo; lieferbar &#8211; &#x201E;gut&#x201C;</p>';
    expect(htmlToPlainText(html)).toBe(
      [
        'Größe & Passform',
        '',
        'Ein schöner Esstisch aus massiver Eiche.',
        'Geölt, nicht lackiert.',
        '',
        '• Länge: 180 cm',
        '• Breite: 90 cm',
        '',
        '1. Platte',
        '2. Beine',
        '',
        'Preis inkl. MwSt. – „Sofort“ lieferbar – „gut“',
      ].join('\n'),
    );
  });

  it('drops scripts, styles and pictures, and keeps a link’s words without its address', () => {
    const html =
      '<style>p { color: red }</style><script>alert("gekauft")</script>' +
      '<p>Siehe <a href="https://shop.example/pflege">Pflegehinweise</a>.</p><img src="tisch.jpg" alt="Tisch">' +
      '<noscript>Bitte JavaScript</noscript>';
    expect(htmlToPlainText(html)).toBe('Siehe Pflegehinweise.');
  });

  it('keeps the line breaks of a plain text and its signs ("<", "&")', () => {
    expect(htmlToPlainText('Zeile eins\nZeile zwei\r\n\r\n\r\nNach der Lücke: 3 < 5 & 7 > 2')).toBe(
      'Zeile eins\nZeile zwei\n\nNach der Lücke: 3 < 5 & 7 > 2',
    );
  });

  it('reads HTML that the shop escaped once more as HTML', () => {
    expect(
      htmlToPlainText('&lt;p&gt;Kaffeevollautomat&lt;/p&gt;&lt;ul&gt;&lt;li&gt;15 bar&lt;/li&gt;&lt;/ul&gt;'),
    ).toBe('Kaffeevollautomat\n\n• 15 bar');
  });

  it('reads a table as lines of cells', () => {
    const text = htmlToPlainText(
      '<table><tr><td>Breite</td><td>80 cm</td></tr><tr><td>Höhe</td><td>40 cm</td></tr></table>',
    );
    expect(text.split('\n')).toEqual(['Breite  80 cm', 'Höhe    40 cm']);
  });
});

describe('cutText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(cutText('kurz', 10)).toBe('kurz');
  });

  it('cuts at a word break near the end, marked with an ellipsis, within the limit', () => {
    const text = 'Ein sehr langer Text über einen Tisch aus Eiche';
    const cut = cutText(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe('Ein sehr langer Text über…');
  });

  it('never splits a character outside the basic plane', () => {
    const cut = cutText(`${'a'.repeat(8)}😀😀😀`, 10);
    expect(cut).toBe(`${'a'.repeat(8)}…`);
  });

  it('the limit is the drafts’ own, and the warning names it', () => {
    expect(DESCRIPTION_LIMIT).toBe(draftLimits.description);
    expect(descriptionCut()).toEqual({
      code: 'description-cut',
      severity: 'warning',
      field: 'description',
      value: String(draftLimits.description),
    });
  });
});
