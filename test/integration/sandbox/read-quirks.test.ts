// The quirks of issue 14's reads: odd items in the listings list, publication reads without states,
// and a rejection named without REJECT in it; each at start (CLI flag) and at run time.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_QUIRKS, type Sandbox } from '../../../src/sandbox';
import { parseCli } from '../../../src/sandbox/cli-args';
import { applyQuirks } from '../../../src/sandbox/quirks';
import { ODD_LISTING_UUID } from '../../../src/sandbox/render';
import { Listing, UuidResponse, splitListings } from '../../../src/shared/service';
import { Api, listingBody, publicationBody, start } from './helpers';

let sb: Sandbox;
let api: Api;

beforeAll(async () => {
  sb = await start({ validationDelayMs: 50 });
  api = await Api.login(sb);
});
afterEach(() => {
  sb.setQuirks(DEFAULT_QUIRKS);
});
afterAll(() => sb.close());

// A listing with a publication whose imprint the service does not know (rejected at validation).
async function rejectedPublication(): Promise<{ listing: string; publication: string }> {
  const listing = UuidResponse.parse(
    (await api.call('POST', '/v1/listings', { body: listingBody() })).body,
  ).uuid;
  const body = publicationBody('00000000-0000-4000-8000-0000000000aa');
  const created = await api.call('POST', `/v1/listings/${listing}/publications`, { body });
  return { listing, publication: UuidResponse.parse(created.body).uuid };
}

describe('listItems', () => {
  it('normal: every item is a listing; odd: two items follow that the schema rejects', async () => {
    await api.call('POST', '/v1/listings', { body: listingBody() });
    const normal = (await api.call('GET', '/v1/listings')).body as unknown[];
    expect(splitListings(normal).unreadable).toEqual([]);
    sb.setQuirks({ listItems: 'odd' });
    const odd = (await api.call('GET', '/v1/listings')).body as unknown[];
    expect(odd).toHaveLength(normal.length + 2);
    const read = splitListings(odd);
    expect(read.listings).toEqual(normal.map((item) => Listing.parse(item)));
    expect(read.unreadable.map((item) => item.uuid)).toEqual([ODD_LISTING_UUID, null]);
  });
});

describe('publicationStates and stateNames', () => {
  it('absent: a publication read carries no state fields; present again: it does', async () => {
    const { listing, publication } = await rejectedPublication();
    const path = `/v1/listings/${listing}/publications/${publication}`;
    // Validated first (read until it is), so that the state left out below is the settled one.
    sb.setQuirks({ stateNames: { rejected: 'NOT_APPROVED' } });
    await vi.waitFor(
      async () => expect((await api.call('GET', path)).body).toMatchObject({ actualState: 'NOT_APPROVED' }),
      { timeout: 10_000, interval: 20 },
    );
    sb.setQuirks({ publicationStates: 'absent' });
    const absent = (await api.call('GET', path)).body as Record<string, unknown>;
    expect(absent.uuid).toBe(publication);
    expect(absent).not.toHaveProperty('actualState');
    expect(absent).not.toHaveProperty('requestedState');
    sb.setQuirks({ publicationStates: 'present' });
    expect((await api.call('GET', path)).body).toMatchObject({
      requestedState: 'PUBLISHED',
      actualState: 'NOT_APPROVED',
    });
  });

  it('flags at start; bad values are refused', () => {
    expect(
      parseCli(['--list-items', 'odd', '--publication-states', 'absent', '--rejected-state', 'NOT_APPROVED']),
    ).toMatchObject({
      options: {
        quirks: { listItems: 'odd', publicationStates: 'absent', stateNames: { rejected: 'NOT_APPROVED' } },
      },
    });
    expect(() => parseCli(['--list-items', 'weird'])).toThrow(/list-items/);
    expect(() => parseCli(['--publication-states', 'none'])).toThrow(/publication-states/);
    expect(() => applyQuirks(DEFAULT_QUIRKS, { listItems: 'x' as 'odd' })).toThrow(/listItems/);
    expect(() => applyQuirks(DEFAULT_QUIRKS, { publicationStates: 'x' as 'absent' })).toThrow(
      /publicationStates/,
    );
  });
});
