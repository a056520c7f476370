/**
 * What the variables module offers the other modules, inside their own tenant transaction: one call that
 * fills any text sent to a customer on a ticket (farewell, rating, absence, birthday, schedule).
 */
export { buildTicketVariables, fillTicketText, type TTicketVariables } from './ticket-variables.js';
export { findVariableValues } from './variables.repository.js';
