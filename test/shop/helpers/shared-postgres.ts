// The suite's PostgreSQL (global-setup.ts): a fresh database per call, so test files run side by side.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export async function freshDatabase(): Promise<string> {
  const { adminUrl } = inject('postgres');
  const name = `shop_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
