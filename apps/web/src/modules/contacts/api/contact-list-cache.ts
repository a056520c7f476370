import type { TContact, TContactListEvent } from '@prosa/contracts';

/** One page of GET /contacts as the infinite query keeps it. */
export type TContactPage = { contacts: TContact[]; count: number; hasMore: boolean };

/** The filters a cached list was loaded with: a live contact joins it only if it matches them. */
export type TContactFilters = { searchParam: string; tags: number[] };

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Client stand-in for the server search (name, number or e-mail contains the text) and the tag filter. */
export const matchesContactFilters = (contact: TContact, filters: TContactFilters): boolean => {
  if (filters.tags.length > 0 && !contact.tags.some((tag) => filters.tags.includes(tag.id))) return false;
  const wanted = normalize(filters.searchParam.trim());
  if (!wanted) return true;
  if ([contact.name, contact.email ?? ''].some((text) => normalize(text).includes(wanted))) return true;
  const digits = wanted.replace(/\D/g, '');
  return digits.length > 0 && (contact.number ?? '').replace(/\D/g, '').includes(digits);
};

const withCount = (pages: TContactPage[], delta: number): TContactPage[] =>
  pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) }));

/**
 * Applies a `{tenantId}:contactList` event to one cached list: an update replaces the contact in place (or
 * takes it out when it no longer matches the filters), a new matching contact goes on top, a delete removes it.
 */
export const applyContactEvent = (
  pages: TContactPage[],
  event: TContactListEvent,
  filters: TContactFilters,
): TContactPage[] => {
  const id = event.payload.id;
  const present = pages.some((page) => page.contacts.some((contact) => contact.id === id));
  const without = () =>
    withCount(
      pages.map((page) => ({ ...page, contacts: page.contacts.filter((contact) => contact.id !== id) })),
      -1,
    );
  if (event.type === 'contact:delete') return present ? without() : pages;
  const contact = event.payload;
  const matches = matchesContactFilters(contact, filters);
  if (present) {
    if (!matches) return without();
    return pages.map((page) => ({
      ...page,
      contacts: page.contacts.map((item) => (item.id === id ? contact : item)),
    }));
  }
  if (!matches) return pages;
  const [first, ...rest] = pages;
  if (!first) return pages;
  return withCount([{ ...first, contacts: [contact, ...first.contacts] }, ...rest], 1);
};
