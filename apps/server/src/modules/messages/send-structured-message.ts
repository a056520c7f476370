import type { TLocationMessage, TVcardMessage } from '@prosa/contracts';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import { sendMessage } from './send-message.js';

type TSendServices = Parameters<typeof sendMessage>[0];

/** A contact card: the name and number as readable text, and the card itself for the channel. */
export const sendVcard = (services: TSendServices, ctx: TRequestContext, ticketId: number, input: TVcardMessage) => {
  const { name, number } = input.contact;
  return sendMessage(services, ctx, ticketId, {
    body: `${name}\n${number}`,
    structured: { mediaType: 'vcard', data: { name, number } },
  });
};

/** A location: name, address and a map link as readable text, and the coordinates for the channel. */
export const sendLocation = (
  services: TSendServices,
  ctx: TRequestContext,
  ticketId: number,
  input: TLocationMessage,
) => {
  const { latitude, longitude, name, address } = input.location;
  const link = `https://maps.google.com/?q=${latitude},${longitude}`;
  return sendMessage(services, ctx, ticketId, {
    body: [name, address, link].filter(Boolean).join('\n'),
    structured: { mediaType: 'location', data: { latitude, longitude, name, address } },
  });
};
