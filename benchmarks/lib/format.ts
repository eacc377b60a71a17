/** How each kind of figure is printed, the same on stdout and in RESULTS.md. */

export type MetricUnit = 'rate' | 'share' | 'error' | 'count' | 'number' | 'bytes' | 'ms' | 'memory';

export function formatValue(value: number, unit: MetricUnit, extraDigits = 0): string {
  if (Number.isNaN(value)) return '-';
  const fixed = (v: number, digits: number) => v.toFixed(digits + extraDigits);
  switch (unit) {
    case 'rate':
      return fixed(value, 3);
    case 'share':
      return `${fixed(value * 100, 1)}%`;
    case 'error':
    case 'count':
      return fixed(value, 2);
    case 'number':
      return Number.isInteger(value) ? String(value) : fixed(value, 1);
    case 'bytes':
      return `${fixed(value / 1000, 1)} KB`;
    case 'ms':
      return `${fixed(value, 1)} ms`;
    case 'memory':
      return value >= 1e9 ? `${fixed(value / 1e9, 2)} GB` : `${Math.round(value / 1e6)} MB`;
  }
}
