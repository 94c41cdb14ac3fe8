// The shape of the publications read is not shown by the spec: whatever the service sends that holds
// publications with a uuid is taken, an item without one is skipped, anything else is named.
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/main/service-client';
import { parsePublicationList } from '../../../src/main/service-client/publication-list';

const ok = (body: unknown) => ({
  status: 200,
  headers: {},
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const item = {
  uuid: 'p-1',
  requestedState: 'PUBLISHED',
  actualState: 'PENDING',
  adId: 7,
  postalCode: '10115',
};

describe('parsePublicationList', () => {
  it('takes a bare array', () => {
    expect(parsePublicationList(ok([item]))).toEqual([
      { uuid: 'p-1', requestedState: 'PUBLISHED', actualState: 'PENDING', adId: 7 },
    ]);
  });

  it.each(['publications', 'items', 'content', 'data'])(
    'takes an object holding the array in "%s"',
    (key) => {
      const body = { [key]: [item, { uuid: 'p-2' }], total: 2, page: { size: 20 } };
      expect(parsePublicationList(ok(body)).map((p) => p.uuid)).toEqual(['p-1', 'p-2']);
    },
  );

  it('takes the array of publications beside other arrays', () => {
    const body = { links: [{ rel: 'self' }], publications: [{ uuid: 'p-3', imprintUuid: 'i-1' }] };
    expect(parsePublicationList(ok(body))).toEqual([{ uuid: 'p-3', imprintUuid: 'i-1' }]);
  });

  it('takes an empty list in either shape', () => {
    expect(parsePublicationList(ok([]))).toEqual([]);
    expect(parsePublicationList(ok({ publications: [] }))).toEqual([]);
  });

  it('skips items without a uuid and keeps the others; states are optional', () => {
    const body = [{ requestedState: 'PUBLISHED' }, null, 'x', { uuid: '' }, { uuid: 'p-4', actualState: 3 }];
    expect(parsePublicationList(ok(body))).toEqual([{ uuid: 'p-4' }]);
  });

  it.each([['not json'], [''], ['{"message":"hello"}'], ['42']])(
    'names an answer without a list: %j',
    (body) => {
      const run = () => parsePublicationList(ok(body));
      expect(run).toThrow(ServiceError);
      expect(run).toThrow(/without a list of publications/);
    },
  );
});
