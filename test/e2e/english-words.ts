// Finds English in a German page: the text a seller reads (outside Details, which may quote the
// service or the system as they said it), checked against words that never occur in German UI.
import type { Page } from '@playwright/test';

/**
 * English words that no German sentence of the app contains. Loanwords German sellers use
 * ("Import", "Export", "Status", "Token", "live", "Details") are left out on purpose.
 */
const ENGLISH = [
  'the',
  'and',
  'with',
  'not',
  'cannot',
  'could',
  'failed',
  'ready',
  'draft',
  'drafts',
  'publish',
  'published',
  'publishing',
  'price',
  'photo',
  'photos',
  'account',
  'accounts',
  'settings',
  'error',
  'found',
  'service',
  'save',
  'saved',
  'listing',
  'listings',
  'is',
  'are',
  'this',
  'your',
  'you',
  'please',
  'try',
  'again',
  'of',
  'to',
  'for',
  'from',
  'authorization',
  'fixed',
  'offer',
  'unknown',
  'none',
  'loading',
  'network',
  'keychain',
  'secret',
  'request',
  'answered',
  'reached',
  'title',
  'description',
  'category',
  'edit',
  'delete',
  'cancel',
  'close',
  'retry',
  'undo',
  'preview',
  'template',
  'templates',
  'autolaunch',
  'without',
  'missing',
  'invalid',
  'empty',
  'file',
  'folder',
];

// A letter, digit, underscore or hyphen on either side makes it part of another word
// ("Authorization-Header" is a German compound, "Offerte" is not "offer").
const pattern = new RegExp(`(?<![\\p{L}\\d_-])(${ENGLISH.join('|')})(?![\\p{L}\\d_-])`, 'giu');

/** Names and data that stay as they are in every language: taken out before the check. */
const PROPER = [
  /Listing Desk/g,
  /Sandbox/g,
  /\S+@\S+\.\w+/g, // e-mail addresses
  /\S*[/\\]\S*/g, // paths and addresses
  /[\w.-]+\.(json|csv|xlsx|png|jpe?g|txt|yaml)\b/g, // file names
];

/** The texts of the page a seller sees, one per element, outside <details> and `.details`. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const hidden = (element: Element) =>
      element.closest('details, .details, script, style, noscript, [aria-hidden="true"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const own = new Map<Element, string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || hidden(parent)) continue;
      // An <option> is seen when its list opens; others must be on screen now.
      const seen =
        parent.closest('option') !== null
          ? parent.closest('select')!.checkVisibility()
          : parent.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      if (!seen) continue;
      own.set(parent, `${own.get(parent) ?? ''} ${text}`);
    }
    texts.push(...own.values());
    for (const field of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    ))
      if (!hidden(field) && field.checkVisibility() && field.placeholder) texts.push(field.placeholder);
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  });
}

/** Each English word found in `texts`, as "view: «text» has “word”"; `userData` is taken out first. */
export function englishIn(view: string, texts: string[], userData: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    let rest = text;
    for (const data of userData) rest = rest.split(data).join(' ');
    for (const name of PROPER) rest = rest.replace(name, ' ');
    const words = [...rest.matchAll(pattern)].map((match) => match[1]);
    if (words.length > 0) found.push(`${view}: «${text}» has “${[...new Set(words)].join('”, “')}”`);
  }
  return found;
}

/** The English on the page now, named with `view`. */
export async function englishOnPage(page: Page, view: string, userData: string[]): Promise<string[]> {
  const texts = await visibleTexts(page);
  if (texts.length < 5) throw new Error(`Almost no text was read in ${view}: ${texts.join(' | ')}`);
  return englishIn(view, texts, userData);
}
