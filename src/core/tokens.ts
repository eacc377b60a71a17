/** Job tokens: 144 random bits, URL-safe, so holding one is the only way in. */
import { randomBytes } from 'node:crypto';

const TOKEN_BYTES = 18;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** True for strings shaped like our tokens; anything else can be rejected without a lookup. */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
