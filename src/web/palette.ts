/**
 * The palette panel's rules, as the service applies them: a gradient's shape
 * is hidden when any of its stop colors is, and at least one color must stay
 * visible. Plain functions of the job's lists, so they are tested without a
 * browser.
 */

const HEX = /^#[0-9a-f]{6}$/i;

/** Whether the gradient with these stops is hidden: any of its stops is. */
export function isGradientHidden(stops: readonly string[], hidden: readonly string[]): boolean {
  return stops.some((stop) => hidden.includes(stop));
}

/**
 * Whether the trace would still show a color with `hidden` hidden. A stop color counts as shown only
 * while one of its gradients is (the panel cannot tell a stop that is also a flat fill).
 */
export function showsSomething(colors: readonly string[], gradients: readonly string[][], hidden: readonly string[]) {
  const shownGradients = gradients.filter((stops) => !isGradientHidden(stops, hidden));
  return colors.some((color) => {
    if (hidden.includes(color)) return false;
    const inGradients = gradients.filter((stops) => stops.includes(color));
    return inGradients.length === 0 || shownGradients.some((stops) => stops.includes(color));
  });
}

/** The swatch of a gradient: its stops from left to right (only hex colors reach the style). */
export function gradientBackground(stops: readonly string[]): string {
  return `linear-gradient(90deg, ${stops.filter((stop) => HEX.test(stop)).join(', ')})`;
}
