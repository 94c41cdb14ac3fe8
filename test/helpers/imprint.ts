// Imprints for tests (issue 26.2: a real account publishes nothing without one): an account's own,
// made through the contract as the seller makes it, and a draft's place that names none of its own.
import type { AccountView } from '../../src/shared/ipc/types';
import { sampleDraft } from '../fixtures/drafts';

/** Whatever makes contract calls: a temporary app, a desk of a shop, or a page (e2e's `desk(page)`). */
export interface Caller {
  call(channel: string, input?: unknown): Promise<unknown>;
}

/** The notice a seller would enter. */
export const TEST_IMPRINT =
  'Testladen GmbH\nHauptstraße 1\n10115 Berlin\n\nVertreten durch: Erika Mustermann';

/** Gives account `accountId` an imprint (its first becomes its default); the account as it is then. */
export async function giveImprint(
  desk: Caller,
  accountId: string,
  content = TEST_IMPRINT,
): Promise<AccountView> {
  return (await desk.call('imprints:create', { accountId, content })) as AccountView;
}

/** A draft's place with no imprint of its own: publishing uses (and first creates) the account's default. */
export const publicationWithoutImprint = { ...sampleDraft('x').publication, imprintUuid: null };
