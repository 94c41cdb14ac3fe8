// `accounts imprint NAME FILE`: the account's imprint (its legal notice) from a UTF-8 text file. It is
// created on the service at once and becomes the account's default, so `publish` uses it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccountView, AccountsState } from '../../../shared/ipc/types';
import { UsageError } from '../args';
import { CallFailed, ExitWith, type Session } from '../session';
import { EXIT } from '../words';

/** The file's text; throws ExitWith (usage) when it cannot be read, is not UTF-8 or holds nothing. */
async function imprintText(session: Session, file: string): Promise<string> {
  const { words: w } = session;
  let text: string;
  try {
    const bytes = await readFile(path.resolve(file));
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (error) {
    throw new ExitWith(
      EXIT.usage,
      w.imprintFile(file, error instanceof Error ? error.message : String(error)),
    );
  }
  // The ends' blank lines and spaces are a file's, not the notice's (the app trims them the same way).
  text = text.replace(/\r\n?/g, '\n').trim();
  if (text === '') throw new ExitWith(EXIT.usage, w.imprintEmpty(file));
  return text;
}

/** The account named `name` (its name, any case, or its id). */
async function accountNamed(session: Session, name: string): Promise<AccountView> {
  const { accounts } = await session.call<AccountsState>('accounts:list');
  const wanted = name.trim().toLowerCase();
  const found =
    accounts.find((account) => account.id === name) ??
    accounts.find((account) => account.name.trim().toLowerCase() === wanted);
  if (!found)
    throw new UsageError({
      problem: 'account-unknown',
      name,
      names: accounts.map((account) => account.name),
    });
  return found;
}

/** Sets the account's imprint from `file`; prints the imprint as JSON on stdout. */
export async function accountsImprintCommand(session: Session, name: string, file: string): Promise<number> {
  const content = await imprintText(session, file);
  const account = await accountNamed(session, name);
  let view: AccountView;
  try {
    view = await session.call<AccountView>('imprints:create', { accountId: account.id, content });
  } catch (error) {
    // Too long for the service, say: the contract's words name what is wrong.
    if (error instanceof CallFailed && error.error.code === 'invalid-input')
      throw new ExitWith(EXIT.usage, session.words.imprintFile(file, error.error.message));
    throw error;
  }
  const created = view.imprints.at(-1)!;
  await session.call('imprints:set-default', { accountId: account.id, uuid: created.uuid });
  session.err(session.words.imprintSet(account.name, file));
  session.out(
    JSON.stringify(
      {
        command: 'accounts imprint',
        account: account.name,
        imprintUuid: created.uuid,
        content: created.content,
      },
      null,
      2,
    ),
  );
  return EXIT.ok;
}
