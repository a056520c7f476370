import { Avatar, type MantineSize } from '@mantine/core';
import type { TTicket } from '@prosa/contracts';

/** The contact's picture, or coloured initials of the name. */
export const TicketAvatar = ({ ticket, size = 'md' }: { ticket: TTicket; size?: MantineSize | number }) => {
  const name = ticket.contact.name || ticket.name;
  const src = ticket.profilePicUrl ?? ticket.contact.profilePicUrl;
  return <Avatar src={src} name={name} color="initials" size={size} radius="xl" alt={name} />;
};
