import { afterAll, beforeAll } from 'vitest';
import { type PostgresTestCluster, startPostgresCluster } from './postgres-server.js';

/**
 * A PostgreSQL cluster for the tests of the calling file (or describe block): started before
 * its first test, stopped (and its folder removed) after its last, so a block whose tests are
 * all filtered out starts none. Never a mock: the stores are tested against PostgreSQL itself.
 * Its fields are there once the tests run.
 */
export function usePostgresServer(): PostgresTestCluster {
  let cluster: PostgresTestCluster | undefined;
  const current = (): PostgresTestCluster => {
    if (!cluster) throw new Error('usePostgresServer: the cluster starts before the first test');
    return cluster;
  };
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());
  return {
    get port() {
      return current().port;
    },
    url: (database) => current().url(database),
    createDatabase: (prefix) => current().createDatabase(prefix),
    stop: () => current().stop(),
  };
}
