import { tmpdir } from 'node:os';

import t from 'tap';

import { loadConfig } from '../src/config.js';

t.test('defaults', async (t) => {
  const config = loadConfig({});
  t.equal(config.port, 8080);
  t.equal(config.host, '0.0.0.0');
  t.ok(config.dataDir.startsWith(tmpdir()));
  t.equal(config.jobTtlSeconds, 7200);
  t.equal(config.maxConcurrentJobs, 1);
  t.equal(config.baseUrl, null);
  t.equal(config.sponsorsFile, null);
  t.equal(config.statsEnabled, true);
  t.equal(config.trustProxy, false);
});

t.test('values from the environment are parsed and normalised', async (t) => {
  const config = loadConfig({
    PORT: '9000',
    HOST: '127.0.0.1',
    DATA_DIR: '/var/lib/logos',
    JOB_TTL_SECONDS: '5',
    MAX_CONCURRENT_JOBS: '3',
    BASE_URL: 'https://logos.example/',
    SPONSORS_FILE: '/etc/logos/sponsors.json',
    STATS_ENABLED: 'no',
    TRUST_PROXY: 'true',
  });
  t.same(
    [config.port, config.host, config.dataDir, config.jobTtlSeconds, config.maxConcurrentJobs, config.baseUrl],
    [9000, '127.0.0.1', '/var/lib/logos', 5, 3, 'https://logos.example'],
  );
  t.equal(config.sponsorsFile, '/etc/logos/sponsors.json');
  t.equal(config.statsEnabled, false);
  t.equal(config.trustProxy, true);
});

t.test('invalid values are refused with the variable named', async (t) => {
  t.throws(() => loadConfig({ PORT: '80a' }), /PORT must be an integer/);
  t.throws(() => loadConfig({ JOB_TTL_SECONDS: '0' }), /JOB_TTL_SECONDS/);
  t.throws(() => loadConfig({ MAX_CONCURRENT_JOBS: '-1' }), /MAX_CONCURRENT_JOBS/);
  t.throws(() => loadConfig({ BASE_URL: 'logos.example' }), /BASE_URL/);
  t.throws(() => loadConfig({ BASE_URL: 'ftp://logos.example' }), /BASE_URL/);
  t.throws(() => loadConfig({ STATS_ENABLED: 'sometimes' }), /STATS_ENABLED/);
  t.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
});
