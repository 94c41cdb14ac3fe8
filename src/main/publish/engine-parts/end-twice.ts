// The seller's one click on a listing the service made twice for a job and the job could not
// delete (steps/late-answers.ts): it is deleted where the service offers that now, else any
// publication of it is paused so that it shows no ad; either way it leaves the job's `madeTwice`
// and the job's history says what became of it.
import { ServiceError } from '../../service-client';
import type { PublishAccounts } from '../context';
import { addHistory } from '../jobs';
import type { Entry } from './engine-entry';

/** What the click did: deleted, or left on the service without an ad. */
export type EndTwiceOutcome = 'deleted' | 'left';

export interface EndTwiceDeps {
  accounts: Pick<PublishAccounts, 'client'>;
  persist(entry: Entry, announce?: boolean): Promise<void>;
  now: () => Date;
  log: { info(message: string): void };
}

const notOffered = (error: unknown) => error instanceof ServiceError && error.problem === 'not-offered';

/** Ends `listingUuid`, one of the job's listings made twice; null when the job has no such listing. */
export async function endTwice(
  entry: Entry | undefined,
  listingUuid: string,
  deps: EndTwiceDeps,
): Promise<EndTwiceOutcome | null> {
  const record = entry?.record;
  if (!entry || !record?.madeTwice?.includes(listingUuid)) return null;
  const client = deps.accounts.client(record.accountId);
  let outcome: EndTwiceOutcome = 'deleted';
  try {
    await client.deleteListing(listingUuid);
  } catch (error) {
    if (!notOffered(error)) throw error;
    outcome = 'left';
    const publications = await client.listPublications(listingUuid).catch(() => []);
    for (const publication of publications) {
      if (publication.requestedState === 'PAUSED') continue;
      await client.setPublicationState(listingUuid, publication.uuid, 'PAUSED').catch((failure: unknown) => {
        if (!notOffered(failure)) throw failure;
      });
    }
  }
  record.madeTwice = record.madeTwice.filter((uuid) => uuid !== listingUuid);
  const key = outcome === 'deleted' ? 'madeTwiceDeleted' : 'madeTwiceLeft';
  addHistory(record, deps.now(), deps.log, key, { listing: listingUuid });
  await deps.persist(entry, true);
  return outcome;
}
