// Settings → Shop's channels on a lone desk (issue 24.1): its status, and the refusals that need no
// database, in the app's language; a desk without a keychain never joins (its password would be
// forgotten or written somewhere).
import { afterEach, describe, expect, it } from 'vitest';
import { shopProblemCodes } from '../../../src/shared/ipc/contract-shop';
import { shopProblemText } from '../../../src/main/shop/status/shop-words';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp | undefined;
afterEach(async () => {
  await temp?.remove();
  temp = undefined;
});

describe('the shop channels', () => {
  it('say a lone desk is in no shop, and refuse to join without a keychain or to leave', async () => {
    temp = await createTempApp();
    expect(await temp.call('shop:status')).toEqual({ member: false, role: 'owner', waiting: 0, desks: [] });
    const join = await temp.fail('shop:join', {
      url: 'postgresql://desk@db/shop',
      password: 'pw',
      name: 'Theke',
    });
    expect(join).toMatchObject({ code: 'conflict', details: { shop: 'no-keychain' } });
    // The test app's system locale is German.
    expect(join.message).toContain(
      'Kein Schlüsselbund erreichbar, daher kann das Datenbank-Passwort nicht sicher',
    );
    expect(join.message).toContain('no keychain in tests');
    const leave = await temp.fail('shop:leave');
    expect(leave).toMatchObject({ code: 'conflict', message: 'Dieser Arbeitsplatz gehört zu keinem Team.' });
    expect(await temp.fail('shop:test', { url: 'https://db/shop' })).toMatchObject({ code: 'invalid-input' });
  });
});

describe('the shop problems', () => {
  it.each(shopProblemCodes)('%s is worded in English and German, naming the database', (problem) => {
    const versions = { found: 7, known: 1 };
    for (const language of ['en', 'de'] as const) {
      const text = shopProblemText(language, problem, 'desk@db:5432/shop', versions);
      expect(text).not.toContain('problem.');
      expect(text).toContain('desk@db:5432/shop');
      if (problem.startsWith('schema-')) expect(text).toMatch(/7.*1/);
    }
    expect(shopProblemText('de', problem, 'x', versions)).not.toBe(
      shopProblemText('en', problem, 'x', versions),
    );
  });
});
