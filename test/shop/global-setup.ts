// Starts the shop suite's PostgreSQL once; each test file makes its own database on it.
import type { TestProject } from 'vitest/node';
import { startPostgres, type Postgres } from './helpers/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { port: number; password: string; adminUrl: string };
  }
}

let server: Postgres | undefined;

export async function setup(project: TestProject): Promise<() => void> {
  server = await startPostgres();
  project.provide('postgres', { port: server.port, password: server.password, adminUrl: server.adminUrl() });
  return () => server?.remove();
}
