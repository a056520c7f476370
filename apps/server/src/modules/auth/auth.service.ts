/** What the auth module offers the composition root (never auth.repository): pruning old failed logins. */
export { pruneFailures } from './auth.repository.js';
