import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the cluster's `postgres` database, for the run on PostgreSQL. */
    postgresUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the `server-postgres` project; every test server makes its own database in it. */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url());
  return () => cluster.stop();
}
