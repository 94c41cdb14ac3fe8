import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/main/errors/app-error';
import { absolutePaths } from '../../../src/main/ipc/absolute-paths';
import { contract } from '../../../src/shared/ipc/contract';
import { absolutePathSchema, isSafeSegment } from '../../../src/shared/ipc/input-schemas';
import { servicePaths, UnsafePathSegmentError } from '../../../src/shared/service/paths';

const DRAFT = '3f1c2b9e-1111-4a4a-8b8b-000000000000';

describe('photo paths', () => {
  it.each([
    '/home/ana/Bilder/a.jpg',
    '/',
    'C:\\Users\\Ana\\a.jpg',
    'd:/photos',
    '\\\\nas\\share\\a.jpg',
    '\\\\?\\C:\\a.jpg',
  ])('takes the absolute path %s', (value) => expect(absolutePathSchema.safeParse(value).success).toBe(true));

  it.each([
    'a.jpg',
    './a.jpg',
    '../a.jpg',
    '..',
    '~/a.jpg',
    'C:a.jpg',
    '\\a.jpg',
    '\\\\server',
    '',
    '/a\u0000b',
  ])('refuses the path %j', (value) => expect(absolutePathSchema.safeParse(value).success).toBe(false));

  it.each([
    ['drafts:add-photos', { draftId: DRAFT, batchId: 'b' }],
    ['listings:add-photos', { uuid: 'l-1' }],
  ] as const)('%s refuses a relative path among absolute ones', (channel, ids) => {
    const schema = contract[channel].input;
    expect(schema.safeParse({ ...ids, paths: ['/home/a.jpg', '/home/b.png'] }).success).toBe(true);
    expect(schema.safeParse({ ...ids, paths: ['/home/a.jpg', 'b.png'] }).success).toBe(false);
    expect(schema.safeParse({ ...ids, paths: ['../../etc'] }).success).toBe(false);
  });

  it('main refuses a path that is not absolute on its own platform (C:\\ on Linux)', () => {
    expect(absolutePaths(['/home/a.jpg'])).toEqual(['/home/a.jpg']);
    const foreign = path.sep === '/' ? 'C:\\photos\\a.jpg' : '/photos/a.jpg';
    expect(() => absolutePaths(['/home/a.jpg', foreign])).toThrow(AppError);
    expect(() => absolutePaths([foreign])).toThrow(/absolute/);
  });
});

describe('ids as path segments', () => {
  it.each(['3f1c2b9e-1111-4a4a-8b8b-000000000000', 'abc', 'a.b', 'x..y'])('%s is safe', (value) =>
    expect(isSafeSegment(value)).toBe(true),
  );
  it.each(['', '.', '..', 'a/b', 'a\\b', '%2e%2e', 'a\tb', 'a\u001b'])('%j is not', (value) =>
    expect(isSafeSegment(value)).toBe(false),
  );

  it('the service client’s paths refuse . and .. whoever sent them, and encode the rest', () => {
    expect(() => servicePaths.listing('..')).toThrow(UnsafePathSegmentError);
    expect(() => servicePaths.listingMedia('.')).toThrow(UnsafePathSegmentError);
    expect(() => servicePaths.publication('l-1', '..')).toThrow(UnsafePathSegmentError);
    expect(() => servicePaths.publications('')).toThrow(UnsafePathSegmentError);
    expect(servicePaths.listing('a/../b')).toBe('/v1/listings/a%2F..%2Fb');
    expect(servicePaths.publication('%2e%2e', 'p')).toBe('/v1/listings/%252e%252e/publications/p');
  });
});

describe('photo bytes calls', () => {
  const base = { draftId: DRAFT, batchId: 'b', name: 'a.jpg', size: 3 };
  const schema = contract['drafts:add-photo-bytes'].input;

  it('take either one piece of base64 (or null) or an upload id, not both nor neither', () => {
    expect(schema.safeParse({ ...base, base64: 'AAAA' }).success).toBe(true);
    expect(schema.safeParse({ ...base, base64: null }).success).toBe(true);
    expect(schema.safeParse({ ...base, uploadId: 'u-1' }).success).toBe(true);
    expect(schema.safeParse({ ...base, base64: 'AAAA', uploadId: 'u-1' }).success).toBe(false);
    expect(schema.safeParse(base).success).toBe(false);
  });

  it('refuse a piece bigger than one chunk: a bigger photo goes through uploads', () => {
    const tooBig = 'A'.repeat(Math.ceil((4 * 1024 * 1024) / 3) * 4 + 4);
    expect(schema.safeParse({ ...base, base64: tooBig }).success).toBe(false);
    expect(
      contract['uploads:append'].input.safeParse({ uploadId: 'u', offset: 0, base64: tooBig }).success,
    ).toBe(false);
  });
});
