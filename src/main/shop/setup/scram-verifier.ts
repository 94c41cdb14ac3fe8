// A SCRAM-SHA-256 verifier of a password, as PostgreSQL stores it (RFC 5802/7677). Computed here,
// as psql's \password does, so that making a desk login sends no plain password to the server:
// it never reaches the server's statement log or pg_stat_activity.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** PostgreSQL's default number of iterations (scram_iterations). */
const ITERATIONS = 4096;

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The verifier `SCRAM-SHA-256$iterations:salt$StoredKey:ServerKey` of `password`. The password's
 * UTF-8 bytes are used as they are, as node-postgres does when it signs in (no SASLprep).
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, ITERATIONS, 32, 'sha256');
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
