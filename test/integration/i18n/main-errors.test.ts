// The messages main's handlers refuse with (AppError) come from the errors namespace of main's
// i18n, in the app's language: German in the test app (its system locale is de-DE), English once
// the seller picks English. Every key the code names is in the locale file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mainI18n } from '../../../src/main/i18n';
import { CONFLICT_FIELDS, LIVE_PROBLEMS } from '../../../src/shared/domain/live/live';
import enErrors from '../../../src/shared/i18n/locales/en.errors.json';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp | undefined;

afterEach(async () => {
  await temp?.remove();
  temp = undefined;
  await mainI18n.changeLanguage('en');
});

describe("main's refusals", () => {
  it("reach the seller in the app's language", async () => {
    temp = await createTempApp();
    const app = temp;
    expect(app.app.language()).toBe('de');

    const removeSandbox = () => app.fail('accounts:remove', { id: 'sandbox' });
    expect(await removeSandbox()).toMatchObject({
      code: 'forbidden',
      message: 'Das Sandbox-Konto ist fest eingebaut und kann nicht entfernt werden.',
    });
    const incomplete = () => app.fail('accounts:save', { name: 'Laden', clientId: 'laden-1' });
    expect(await incomplete()).toMatchObject({
      code: 'invalid-input',
      message: 'Bitte tragen Sie die Adresse des Token-Dienstes, die Adresse des Anzeigendienstes ein.',
      details: [
        { path: ['authUrl'], message: 'Pflichtfeld.' },
        { path: ['baseUrl'], message: 'Pflichtfeld.' },
      ],
    });
    expect(await app.fail('accounts:set-secret', { id: 'sandbox', secret: 'x' })).toMatchObject({
      code: 'forbidden',
      message: 'Das Sandbox-Konto verwaltet sein Client-Geheimnis selbst.',
    });
    expect(await app.fail('drafts:get', { id: '00000000-0000-4000-8000-000000000000' })).toMatchObject({
      code: 'not-found',
      message: 'Diesen Entwurf gibt es nicht mehr. Vielleicht wurde er in einem anderen Fenster gelöscht.',
    });

    await app.call('settings:set', { language: 'en' });
    await vi.waitFor(
      async () =>
        expect((await removeSandbox()).message).toBe(
          'The Sandbox account is built in and cannot be removed.',
        ),
      { timeout: 10_000 },
    );
    expect(await incomplete()).toMatchObject({
      message: 'Fill in the token service URL, the listings service URL.',
      details: [
        { path: ['authUrl'], message: 'Required.' },
        { path: ['baseUrl'], message: 'Required.' },
      ],
    });
  });

  it('name only keys the errors namespace has', () => {
    const root = path.resolve(import.meta.dirname, '../../../src/main');
    const sources = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => readFileSync(path.join(root, file), 'utf8'));
    const keys = new Set(
      sources.flatMap((text) => [...text.matchAll(/'errors:([\w.]+)'/g)].map((m) => m[1]!)),
    );
    // Keys built from a code: the account form's fields, the live problems, the refused writes.
    for (const field of ['authUrl', 'baseUrl', 'clientId']) keys.add(`accountField.${field}`);
    for (const problem of LIVE_PROBLEMS) keys.add(`live.${problem}`);
    for (const field of CONFLICT_FIELDS) keys.add(`liveField.${field}`);
    for (const code of ['disk-full', 'read-only', 'no-permission']) keys.add(`write.${code}`);
    for (const code of ['not-found', 'in-trash', 'unreadable', 'closed']) keys.add(`draftStore.${code}`);
    for (const end of ['ended', 'killed', 'outOfMemory']) keys.add(`feedPlanChild.${end}`);
    expect(keys.size).toBeGreaterThan(20);
    const missing = [...keys].filter((key) => !mainI18n.exists(key, { ns: 'errors', lng: 'en' }));
    expect(missing).toEqual([]);
    // And nothing in the file is left unused.
    const flat = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'object' ? flat(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(flat(enErrors).filter((key) => !keys.has(key))).toEqual([]);
  });
});
