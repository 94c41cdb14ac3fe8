// A shop problem in the seller's words (main's `shop` namespace, English and German), for the
// command line and Settings → Shop alike.
import type { ShopProblemCode, ShopProblemView } from '../../../shared/ipc/contract-shop';
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';
import type { ShopProblem } from '../connection';

// Main's ShopProblem and the contract's codes are one list: a code added to one and not the other
// fails the typecheck here.
const sameCodes: [ShopProblem, ShopProblemCode] extends [ShopProblemCode, ShopProblem] ? true : never = true;
void sameCodes;

/** The problem's text, naming the database by `where` (user@host:port/database). */
export function shopProblemText(
  language: UiLanguage,
  problem: ShopProblem,
  where: string,
  versions?: { found: number; known: number },
): string {
  return wordsIn(language, 'shop')(`problem.${problem}`, {
    where,
    found: versions?.found ?? '?',
    known: versions?.known ?? '?',
  });
}

/** The problem for the contract: its code and its words. */
export function shopProblemView(
  language: UiLanguage,
  problem: ShopProblem,
  where: string,
  versions?: { found: number; known: number },
): ShopProblemView {
  return { problem, message: shopProblemText(language, problem, where, versions) };
}
