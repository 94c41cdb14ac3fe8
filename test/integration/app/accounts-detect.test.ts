// A seller's first account against services that choose differently (issue 14.1 and 14.2), through
// the router as the renderer calls it: only the addresses, client id and secret are typed; the
// Authorization form is detected and kept in accounts.json, the addresses are read the way that
// answers and kept normalized, and an accounts file from before the Automatic setting is migrated.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountsState, ConnectionResult } from '../../../src/shared/ipc/types';
import { startSandbox } from '../../../src/sandbox';
import { giveImprint } from '../../helpers/imprint';
import { addRealAccount } from '../../helpers/real-account';
import { useAppAndService } from '../../unit/helpers/app-and-service';
import { createTempApp } from '../../unit/helpers/temp-app';

const SECRET = 'remote-secret-5b1f09';
const scene = useAppAndService({ clientId: 'seller-7', clientSecret: SECRET });

const call = <T>(channel: string, input?: unknown) => scene.temp.call<T>(channel, input);

const remoteWith = (authScheme: 'bearer' | 'bare' | 'both') => scene.service({ quirks: { authScheme } });

const stored = (): Array<Record<string, unknown>> =>
  (JSON.parse(readFileSync(path.join(scene.temp.dataDir, 'accounts.json'), 'utf8')) as { accounts: [] })
    .accounts;

describe('a fresh account with default settings', () => {
  it.each([
    ['bare', 'bare'],
    ['bearer', 'bearer'],
    ['both', 'bearer'],
  ] as const)('against a service that wants %s: connects, detects %s and keeps it', async (scheme, form) => {
    const sb = await remoteWith(scheme);
    const saved = await addRealAccount(scene.temp, sb, {
      name: 'Shop',
      client: { clientId: 'seller-7', clientSecret: SECRET },
    });
    expect(saved).toMatchObject({ authScheme: 'auto', detectedAuthForm: null });

    const result = await call<ConnectionResult>('accounts:test', { id: saved.id });
    expect(result).toEqual({
      ok: true,
      listingCount: 0,
      used: {
        tokenUrl: `${sb.authUrl}/oidc/token`,
        listingsUrl: `${sb.baseUrl}/v1/listings`,
        authForm: form,
        adjusted: false,
      },
    });
    const state = await call<AccountsState>('accounts:list');
    expect(state.accounts.find((a) => a.id === saved.id)).toMatchObject({ detectedAuthForm: form });
    expect(stored().find((a) => a.id === saved.id)).toMatchObject({
      authScheme: 'auto',
      detectedAuthForm: form,
    });

    // Calls made afterwards send the detected form at once.
    sb.resetStats();
    await giveImprint(scene.temp, saved.id, 'Muster GmbH');
    expect(sb.stats().requests['POST /v1/imprints']).toEqual({ '200': 1 });
  });

  it('an explicit Bearer setting against a service that wants the bare token fails clearly', async () => {
    const sb = await remoteWith('bare');
    const saved = await addRealAccount(scene.temp, sb, {
      name: 'Shop',
      client: { clientId: 'seller-7', clientSecret: SECRET },
      authScheme: 'bearer',
    });
    const result = await call<ConnectionResult>('accounts:test', { id: saved.id });
    expect(result).toMatchObject({ ok: false, problem: 'unauthorized', status: 401 });
    expect(stored().find((a) => a.id === saved.id)).toMatchObject({
      authScheme: 'bearer',
      detectedAuthForm: null,
    });
  });
});

describe('credentials refused in both forms', () => {
  it('says so, naming both forms tried', async () => {
    const sb = await remoteWith('both');
    const other = await startSandbox({ clients: [{ clientId: 'seller-7', clientSecret: SECRET }] });
    try {
      // The token of one service is worth nothing at the other's listings: both forms are refused.
      const saved = await addRealAccount(
        scene.temp,
        { authUrl: sb.authUrl, baseUrl: other.baseUrl },
        { name: 'Mixed', client: { clientId: 'seller-7', clientSecret: SECRET } },
      );
      expect(await call<ConnectionResult>('accounts:test', { id: saved.id })).toMatchObject({
        ok: false,
        problem: 'unauthorized',
        status: 401,
        authTried: ['bearer', 'bare'],
      });
      expect(stored().find((a) => a.id === saved.id)).toMatchObject({ detectedAuthForm: null });
    } finally {
      await other.close();
    }
  });
});

describe('addresses as a seller pastes them', () => {
  it('the token root without /v2 and the listings root with /v1: connects and keeps them normalized', async () => {
    const sb = await remoteWith('bare');
    const saved = await addRealAccount(
      scene.temp,
      { authUrl: sb.authUrl.replace(/\/v2$/, ''), baseUrl: `${sb.baseUrl}/v1` },
      { name: 'Shop', client: { clientId: 'seller-7', clientSecret: SECRET } },
    );
    const result = await call<ConnectionResult>('accounts:test', { id: saved.id });
    expect(result).toMatchObject({
      ok: true,
      used: {
        tokenUrl: `${sb.authUrl}/oidc/token`,
        listingsUrl: `${sb.baseUrl}/v1/listings`,
        adjusted: true,
      },
    });
    expect(stored().find((a) => a.id === saved.id)).toMatchObject({
      authUrl: sb.authUrl,
      baseUrl: sb.baseUrl,
      detectedAuthForm: 'bare',
    });
    // A second test needs no other reading.
    expect(await call<ConnectionResult>('accounts:test', { id: saved.id })).toMatchObject({
      ok: true,
      used: { adjusted: false, authForm: 'bare' },
    });
  });

  it('the whole token URL: connects and keeps the root', async () => {
    const sb = await remoteWith('both');
    const saved = await addRealAccount(
      scene.temp,
      { authUrl: `${sb.authUrl}/oidc/token`, baseUrl: sb.baseUrl },
      { name: 'Shop', client: { clientId: 'seller-7', clientSecret: SECRET } },
    );
    expect(await call<ConnectionResult>('accounts:test', { id: saved.id })).toMatchObject({ ok: true });
    expect(stored().find((a) => a.id === saved.id)).toMatchObject({ authUrl: sb.authUrl });
  });
});

describe('an accounts file from before the Automatic setting', () => {
  it('turns the old default Bearer into Automatic and keeps an explicit bare token', async () => {
    await scene.temp.app.close();
    const file = path.join(scene.temp.dataDir, 'accounts.json');
    const old = JSON.parse(readFileSync(file, 'utf8')) as { accounts: Array<Record<string, unknown>> };
    const record = (id: string, authScheme: string) => ({
      id,
      name: id,
      kind: 'service',
      authUrl: 'https://auth.example.com/auth/v2',
      baseUrl: 'https://api.example.com/api',
      clientId: 'c',
      authScheme,
      imprints: [],
      defaultImprintUuid: null,
    });
    for (const account of old.accounts) delete account.detectedAuthForm;
    old.accounts.forEach((account) => (account.authScheme = 'bearer'));
    old.accounts.push(record('old-default', 'bearer'), record('old-bare', 'bare'));
    writeFileSync(file, JSON.stringify(old));
    const reopened = await createTempApp(scene.temp.dataDir);
    try {
      const state = await reopened.app.router.call('accounts:list', undefined);
      if (!state.ok) throw new Error(state.error.message);
      const { accounts } = state.value as AccountsState;
      expect(accounts.map((a) => [a.id, a.authScheme, a.detectedAuthForm])).toEqual([
        ['sandbox', 'auto', null],
        ['old-default', 'auto', null],
        ['old-bare', 'bare', null],
      ]);
    } finally {
      await reopened.app.close();
    }
  });
});
