import t from 'tap';

import { jobRecords, SVG_FILE } from '../../src/core/job-records.js';
import { openFileStore } from '../../src/store/index.js';
import { newDataDir } from '../helpers/app.js';

const NEW_JOB = {
  origin: 'upload' as const,
  width: 10,
  height: 5,
  palette: ['#112233'],
  warning: '',
  originalId: null,
  hiddenColors: [],
  settings: { colors: 0 as const, smoothing: 20, transparent: true, trim: true },
  uploadSessionId: '',
};

t.test('readers who arrive together share one rendering, which is then kept', async (t) => {
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0 });
  t.teardown(() => store.close());
  const records = jobRecords({ store, ttlSeconds: 60, now: Date.now });
  const job = await records.create(NEW_JOB, '<svg/>');
  let renders = 0;
  const render = async (svg: string) => {
    renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return Buffer.from(`png of ${svg}`);
  };
  const answers = await Promise.all(Array.from({ length: 8 }, () => records.rendering(job, 'mockup-cap.png', render)));
  t.equal(renders, 1, 'eight readers, one rendering');
  t.ok(answers.every((bytes) => bytes.toString() === 'png of <svg/>'));
  t.equal((await store.readFile(job.id, 'mockup-cap.png'))?.toString(), 'png of <svg/>', 'kept with the job');
  await records.rendering(job, 'mockup-cap.png', render);
  t.equal(renders, 1, 'a later reader gets the kept one');
  t.equal((await records.file(job, SVG_FILE)).toString(), '<svg/>');
});

t.test('a failed rendering is not shared with later readers', async (t) => {
  const store = await openFileStore({ dir: await newDataDir(t), sweepIntervalMs: 0 });
  t.teardown(() => store.close());
  const records = jobRecords({ store, ttlSeconds: 60, now: Date.now });
  const job = await records.create(NEW_JOB, '<svg/>');
  await t.rejects(
    records.rendering(job, 'preview.png', () => Promise.reject(new Error('renderer failed'))),
    /renderer failed/,
  );
  t.equal((await records.rendering(job, 'preview.png', async () => Buffer.from('png'))).toString(), 'png');
});
