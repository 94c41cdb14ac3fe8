// `shop add-desk NAME --owner URL` (issue 32.4): one login per desk, made with the database owner's
// login through the same addDesk as Settings → Shop's "Add a desk". Works on the database alone (no
// data folder, like `shop init`). The owner's password comes from the URL, standard input or a
// prompt; the new login's from standard input's next line or a prompt, else one is made and printed
// once. Neither is kept anywhere.
import type { UiLanguage } from '../../../shared/i18n-language';
import { wordsIn } from '../../i18n';
import { silentLog } from '../../log/log';
import {
  addDesk,
  describeShopUrl,
  splitShopUrl,
  ShopError,
  ShopRefused,
  shopProblemOf,
  shopProblemText,
} from '../../shop';
import { cliInvocation, EXIT } from '../words';
import { readSecret, type Output } from '../session';
import { shopExitCode } from './shop';

/**
 * The answers to `questions`: from a pipe one line each (a line missing is empty), else asked in
 * turn on the terminal without echo; null when the seller stopped (Ctrl+C, Ctrl+D).
 */
async function secretsFor(questions: string[]): Promise<(string | null)[]> {
  if (!process.stdin.isTTY) {
    const lines = ((await readSecret('')) ?? '').split(/\r?\n/);
    return questions.map((_question, index) => lines[index] ?? '');
  }
  const answers: (string | null)[] = [];
  for (const question of questions) {
    const answer = await readSecret(question);
    answers.push(answer);
    if (answer === null) break;
  }
  return answers;
}

/** `shop add-desk NAME --owner URL`: the login made, and what to type on that desk. */
export async function shopAddDeskCommand(
  output: Output,
  language: UiLanguage,
  name: string,
  ownerUrl: string,
): Promise<number> {
  const t = wordsIn(language, 'cli');
  const where = describeShopUrl(ownerUrl);
  const inUrl = splitShopUrl(ownerUrl).password;
  const questions = [
    ...(inUrl === undefined ? [t('shop.passwordPrompt', { where })] : []),
    t('shop.deskPasswordPrompt', { name }),
  ];
  const answers = await secretsFor(questions);
  if (answers.length < questions.length || answers.includes(null)) {
    output.err(t('shop.passwordNotGiven'));
    return EXIT.interrupted;
  }
  const ownerPassword = inUrl ?? (answers[0] || undefined);
  const deskPassword = answers.at(-1) || undefined;
  if (deskPassword !== undefined && deskPassword.length < 8) {
    output.err(t('shop.deskPasswordShort'));
    return EXIT.usage;
  }
  let made;
  try {
    made = await addDesk(
      { url: ownerUrl, password: ownerPassword, login: { name, password: deskPassword } },
      silentLog,
    );
  } catch (error) {
    if (error instanceof ShopRefused) {
      output.err(wordsIn(language, 'shop')('loginTaken', { name: error.about }));
      return shopExitCode(error.refusal);
    }
    const problem = shopProblemOf(error);
    output.err(
      problem === 'password-refused'
        ? wordsIn(language, 'shop')('ownerPasswordRefused', { where })
        : shopProblemText(language, problem, where, error instanceof ShopError ? error.versions : undefined),
    );
    return shopExitCode(problem);
  }
  output.out(
    [
      t('shop.deskAdded', { name: made.name, role: made.role, where: made.where }),
      ...(made.password ? [t('shop.deskPasswordMade', { password: made.password })] : []),
      t('shop.deskJoinThere', { invocation: cliInvocation(), url: made.url }),
    ].join('\n'),
  );
  return EXIT.ok;
}
