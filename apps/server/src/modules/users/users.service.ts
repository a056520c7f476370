/**
 * What the users module offers the other modules, read inside their own tenant transaction. Modules reach
 * users through here, never through users.repository.
 */
export { findQueuesOfUsers, findUser, type TUserRow } from './users.repository.js';
