/**
 * A place a customer shares, the same for every channel: WhatsApp's `degreesLatitude`, the Cloud API's and
 * Telegram's `latitude`, Messenger's `coordinates.lat/long` are all read into this, and stored as one body.
 */
export type TLocation = { latitude: number; longitude: number; name: string | null; address: string | null };

/** What a channel gives: coordinates as numbers or numeric strings, and an optional name and address. */
export type TLocationInput = { latitude?: unknown; longitude?: unknown; name?: unknown; address?: unknown };

const coordinate = (value: unknown, limit: number) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
};

const labelOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The place, or null when either coordinate is missing or out of range (nothing to point a map at). */
export const readLocation = (input: TLocationInput): TLocation | null => {
  const latitude = coordinate(input.latitude, 90);
  const longitude = coordinate(input.longitude, 180);
  if (latitude === null || longitude === null) return null;
  return { latitude, longitude, name: labelOf(input.name), address: labelOf(input.address) };
};

/**
 * The stored body of a location message: "<name> - <address>" (what is known of them) on a first line, then a
 * map link. The web shows this text under the pin. Every channel has stored exactly this since the first
 * version, so rows written before read the same.
 */
export const locationBody = (location: TLocation) => {
  const label = [location.name, location.address].filter(Boolean).join(' - ');
  return `${label ? `${label}\n` : ''}https://maps.google.com/maps?q=${location.latitude},${location.longitude}`;
};

/** A shared place as a message of ours (`location` and its body), or null when it names no readable place. */
export const locationMessage = (input: TLocationInput) => {
  const location = readLocation(input);
  return location ? { mediaType: 'location' as const, body: locationBody(location) } : null;
};
