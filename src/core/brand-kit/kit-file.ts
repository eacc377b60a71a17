/** One file of the brand kit: where it goes in the ZIP, its bytes, and the README's line about it. */
export interface KitFile {
  /** Path inside the ZIP, '/'-separated. */
  path: string;
  data: Buffer;
  /** What the file is for, one line. */
  purpose: string;
}
