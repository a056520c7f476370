import argon2 from 'argon2';

/**
 * argon2id with the library's defaults (m=64 MiB, t=3, p=4): about 170 ms of CPU a hash on a CI core.
 * `PASSWORD_HASH_COST=low`, set by the test suites only (vitest.config.ts, e2e/playwright.config.ts), hashes
 * with 1 MiB, one pass and one lane instead: the suites create and sign in hundreds of users, and what they
 * test is who may sign in, not argon2's strength. It is ignored when NODE_ENV is production. A hash keeps its
 * own parameters, so either kind verifies.
 */
const hashOptions: argon2.HashOptions & { raw?: false } =
  process.env.PASSWORD_HASH_COST === 'low' && process.env.NODE_ENV !== 'production'
    ? { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { type: argon2.argon2id };

export const hashPassword = (plain: string): Promise<string> => argon2.hash(plain, hashOptions);

export const verifyPassword = async (hash: string, plain: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
};

// Verified against when the e-mail is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (plain: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, plain);
};
