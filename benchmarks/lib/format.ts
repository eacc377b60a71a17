/** How each kind of figure is printed, the same on stdout and in RESULTS.md. */

export type MetricUnit = 'rate' | 'share' | 'error' | 'count' | 'number' | 'bytes' | 'ms' | 'memory';

export function formatValue(value: number, unit: MetricUnit): string {
  if (Number.isNaN(value)) return '-';
  switch (unit) {
    case 'rate':
      return value.toFixed(3);
    case 'share':
      return `${(value * 100).toFixed(1)}%`;
    case 'error':
    case 'count':
      return value.toFixed(2);
    case 'number':
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
    case 'bytes':
      return `${(value / 1000).toFixed(1)} KB`;
    case 'ms':
      return `${value.toFixed(1)} ms`;
    case 'memory':
      return value >= 1e9 ? `${(value / 1e9).toFixed(2)} GB` : `${Math.round(value / 1e6)} MB`;
  }
}
