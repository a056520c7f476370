// The login form's schema, fetched apart: it brings zod, which the login screen does not load until someone types.
export { ZLoginBody } from '@prosa/contracts';
