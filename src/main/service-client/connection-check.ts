// The "Test connection" of an account: proves the credentials and the listings service both work.
import type { ServiceClient } from './client';

/** Fetches a fresh token, then lists the listings; throws ServiceError when either fails. */
export async function testConnection(client: ServiceClient): Promise<{ listingCount: number }> {
  await client.fetchToken();
  const listings = await client.listListings();
  return { listingCount: listings.length };
}
