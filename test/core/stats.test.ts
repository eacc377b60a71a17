import t from 'tap';

import { createVisitorStats } from '../../src/core/stats.js';

const minutes = (n: number) => n * 60_000;

t.test('visitors in the last 5 minutes and today, requests served', async (t) => {
  const clock = { now: Date.parse('2026-10-14T10:00:00Z') };
  const stats = createVisitorStats({ now: () => clock.now });
  stats.record('198.51.100.1');
  stats.record('198.51.100.2');
  clock.now += minutes(6);
  stats.record('198.51.100.2');
  stats.record('198.51.100.3');
  stats.recordUpload('visit-1');
  stats.recordUpload('');
  t.same(await stats.snapshot(), {
    day: '2026-10-14',
    visitorsLast5Minutes: 2,
    visitorsToday: 3,
    requestsToday: 4,
    requestsSinceStart: 4,
    uploadsToday: 2,
    uploadSessionsToday: 1,
    since: '2026-10-14T10:00:00.000Z',
  });
});

t.test('counts start again at UTC midnight with a new salt', async (t) => {
  const clock = { now: Date.parse('2026-10-14T23:59:00Z') };
  const stats = createVisitorStats({ now: () => clock.now });
  stats.record('198.51.100.1');
  stats.recordUpload('visit-1');
  clock.now += minutes(2);
  const { day, visitorsToday, requestsToday, requestsSinceStart, uploadsToday, uploadSessionsToday } =
    await stats.snapshot();
  t.same(
    [day, visitorsToday, requestsToday, requestsSinceStart, uploadsToday, uploadSessionsToday],
    ['2026-10-15', 0, 0, 1, 0, 0],
  );
  stats.record('198.51.100.1');
  t.equal((await stats.snapshot()).visitorsToday, 1);
});

t.test('distinct visitors per day are bounded', async (t) => {
  const stats = createVisitorStats({ maxVisitorsPerDay: 2 });
  for (const ip of ['a', 'b', 'c', 'a']) stats.record(ip);
  t.equal((await stats.snapshot()).visitorsToday, 2);
  t.equal((await stats.snapshot()).requestsToday, 4);
});
