// A product's description as an ad carries it (issue 35.2): shops write HTML (Shopware's Google
// export even escapes it once more for the XML), an ad holds plain text. Paragraphs, line breaks and
// list items become lines, entities are decoded, scripts, styles and pictures are dropped, a link
// keeps its words only; plain text keeps its own line breaks. Then cut at a draft's own limit.
import { compile, type HtmlToTextOptions } from 'html-to-text';
import { draftLimits } from '../../drafts';
import type { ImportProblem } from '../../tables';

/** The longest description a draft holds (the drafts' own rule). */
export const DESCRIPTION_LIMIT = draftLimits.description;

const heading = { options: { uppercase: false } };
const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  decodeEntities: true,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'noscript', format: 'skip' },
    { selector: 'iframe', format: 'skip' },
    { selector: 'svg', format: 'skip' },
    { selector: 'h1', ...heading },
    { selector: 'h2', ...heading },
    { selector: 'h3', ...heading },
    { selector: 'h4', ...heading },
    { selector: 'h5', ...heading },
    { selector: 'h6', ...heading },
    { selector: 'ul', options: { itemPrefix: '• ' } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, colSpacing: 2 } },
  ],
};

// A tag (`<p>`, `</li>`, `<br/>`), a comment or a doctype: the text is HTML.
const TAG = /<(?:\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?|!--[\s\S]*?--|!doctype[^>]*)>/i;
// An entity that was escaped once more (`&amp;lt;p&amp;gt;`, `&lt;p&gt;`): HTML written as text.
const ESCAPED_TAG = /&(?:amp;)?lt;\/?[a-z][a-z0-9]*(?:\s[^&]*)?\/?&(?:amp;)?gt;/i;

// Compiled on first use, once: html-to-text compiles its options for every `convert` otherwise.
let converter: ((html: string) => string) | undefined;

function convertOnce(html: string): string {
  converter ??= compile(OPTIONS);
  // Text without tags keeps its line breaks (HTML folds them into spaces).
  const input = TAG.test(html) ? html : html.replace(/\r\n?|\n/g, '<br>');
  return converter(input);
}

/**
 * A description (HTML or plain text) as plain text: lines trimmed, at most one blank line between
 * blocks, a table's cells in columns.
 */
export function htmlToPlainText(html: string): string {
  // Text with neither tags nor entities is plain already (idealo's stripped descriptions).
  let text = /[<&]/.test(html) ? convertOnce(html) : html.replace(/\r\n?/g, '\n');
  // HTML escaped twice reads as tags once decoded: read it once more.
  if (ESCAPED_TAG.test(html) && TAG.test(text)) text = convertOnce(text);
  return text
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * `text` cut to at most `limit` characters, at a line or word break near the end where there is
 * one, with "…" where it was cut. A text within the limit is returned as it is.
 */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (limit <= 1) return '…'.slice(0, Math.max(limit, 0));
  let end = limit - 1;
  // Never between the halves of a character outside the basic plane (an emoji).
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const head = text.slice(0, end);
  const room = Math.min(200, Math.floor(end / 4));
  const breakAt = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '));
  const kept = breakAt >= end - room && breakAt > 0 ? head.slice(0, breakAt) : head;
  return `${kept.trimEnd()}…`;
}

/** The warning of a description cut at `limit` characters. */
export function descriptionCut(limit: number = DESCRIPTION_LIMIT): ImportProblem {
  return { code: 'description-cut', severity: 'warning', field: 'description', value: String(limit) };
}
