/** The benchmark's targets table: a figure on the failing side of its threshold never reads as equal to it. */
import t from 'tap';

import { targetsTable } from '../../benchmarks/lib/bench-tables.js';
import { check } from '../../benchmarks/lib/targets.js';

const measuredOf = (
  label: string,
  measured: number,
  comparison: '>=' | '<=',
  threshold: number,
  unit = 'rate' as const,
) => targetsTable([check(label, unit, measured, comparison, threshold)]).rows[0]!.slice(1);

t.test('a value that rounds to its threshold shows the digits that tell them apart', async (t) => {
  t.same(measuredOf('IoU', 0.9496, '>=', 0.95), ['0.9496', '>= 0.9500', 'FAIL']);
  t.same(measuredOf('IoU', 0.95004, '>=', 0.95), ['0.95004', '>= 0.95000', 'PASS']);
  t.same(targetsTable([check('off', 'share', 0.01003, '<=', 0.01)]).rows[0]!.slice(1), ['1.003%', '<= 1.000%', 'FAIL']);
});

t.test('other values keep the unit’s usual digits', async (t) => {
  t.same(measuredOf('IoU', 0.965, '>=', 0.95), ['0.965', '>= 0.950', 'PASS']);
  t.same(measuredOf('IoU', 0.95, '>=', 0.95), ['0.950', '>= 0.950', 'PASS']);
  t.same(measuredOf('IoU', NaN, '>=', 0.95), ['-', '>= 0.950', 'FAIL']);
});
