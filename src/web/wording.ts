/** Counts as a person reads them: "1 color", "2 colors". */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
