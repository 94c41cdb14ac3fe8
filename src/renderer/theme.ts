// Light or dark (issue 26.7): the seller's choice in Settings, else the system's. The choice is set
// on <html data-theme> and the style sheet picks its colours with light-dark() through the
// color-scheme it sets, so a change shows at once and native controls follow.
import type { Theme } from '../shared/ipc/types';

// The last choice, kept by the page too: applied before the settings arrive, so that a window
// that remembers it never opens in the other theme first.
const REMEMBERED = 'listing-desk.theme';

function isTheme(value: unknown): value is Theme {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** Shows `theme` now and remembers it for the next start. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(REMEMBERED, theme);
  } catch {
    // Storage may be off (a private window); the settings still apply it once they are read.
  }
}

/** Applies the theme remembered from the last start, if any. */
export function applyRememberedTheme(): void {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(REMEMBERED);
  } catch {
    return;
  }
  if (isTheme(remembered)) document.documentElement.dataset.theme = remembered;
}
