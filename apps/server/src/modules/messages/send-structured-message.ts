import type { TLocationMessage, TVcardMessage } from '@prosa/contracts';
import { locationBody } from '../../channels/shared/location-body.js';
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

/** A location: the location body every channel stores (name - address, map link), and the coordinates for the channel. */
export const sendLocation = (
  services: TSendServices,
  ctx: TRequestContext,
  ticketId: number,
  input: TLocationMessage,
) => {
  const { latitude, longitude, name, address } = input.location;
  return sendMessage(services, ctx, ticketId, {
    body: locationBody({ latitude, longitude, name: name ?? null, address: address ?? null }),
    structured: { mediaType: 'location', data: { latitude, longitude, name, address } },
  });
};
