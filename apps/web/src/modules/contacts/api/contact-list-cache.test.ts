import type { TContact } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { applyContactEvent, type TContactPage } from './contact-list-cache';

const contact = (id: number, values: Partial<TContact> = {}): TContact => ({
  id,
  name: `Contato ${id}`,
  number: `+55119876543${String(id).padStart(2, '0')}`,
  email: null,
  profilePicUrl: null,
  isGroup: false,
  pushname: null,
  cpf: null,
  firstName: null,
  lastName: null,
  businessName: null,
  birthday: null,
  blocked: false,
  chatbotBlocked: false,
  kanban: null,
  lid: null,
  telegramId: null,
  webchatId: null,
  tags: [],
  wallets: [],
  extraInfo: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...values,
});

const pages = (...contacts: TContact[]): TContactPage[] => [{ contacts, count: contacts.length, hasMore: false }];
const all = { searchParam: '', tags: [] };

describe('applyContactEvent', () => {
  it('puts a new contact on top and counts it', () => {
    const next = applyContactEvent(pages(contact(1)), { type: 'contact:update', payload: contact(2) }, all);
    expect(next[0]?.contacts.map((c) => c.id)).toEqual([2, 1]);
    expect(next[0]?.count).toBe(2);
  });

  it('replaces a changed contact in place', () => {
    const next = applyContactEvent(
      pages(contact(1), contact(2)),
      { type: 'contact:update', payload: contact(2, { name: 'Maria', blocked: true }) },
      all,
    );
    expect(next[0]?.contacts[1]).toMatchObject({ id: 2, name: 'Maria', blocked: true });
    expect(next[0]?.count).toBe(2);
  });

  it('keeps the filters: a non-matching new contact stays out, a changed one that stops matching leaves', () => {
    const filtered = { searchParam: 'joão', tags: [] };
    const start = pages(contact(1, { name: 'João Silva' }));
    expect(applyContactEvent(start, { type: 'contact:update', payload: contact(2) }, filtered)).toBe(start);
    const joined = applyContactEvent(
      start,
      { type: 'contact:update', payload: contact(3, { name: 'Joao Pedro' }) },
      filtered,
    );
    expect(joined[0]?.contacts.map((c) => c.id)).toEqual([3, 1]);
    const left = applyContactEvent(start, { type: 'contact:update', payload: contact(1, { name: 'Outro' }) }, filtered);
    expect(left[0]?.contacts).toEqual([]);
    const byTag = { searchParam: '', tags: [7] };
    const tagged = contact(4, { tags: [{ id: 7, tag: 'VIP', color: '#000000' }] });
    expect(applyContactEvent(pages(), { type: 'contact:update', payload: tagged }, byTag)[0]?.contacts).toEqual([
      tagged,
    ]);
  });

  it('finds numbers by digits and removes deleted contacts', () => {
    const byDigits = { searchParam: '98765', tags: [] };
    expect(applyContactEvent(pages(), { type: 'contact:update', payload: contact(5) }, byDigits)[0]?.count).toBe(1);
    const next = applyContactEvent(pages(contact(1), contact(2)), { type: 'contact:delete', payload: { id: 1 } }, all);
    expect(next[0]?.contacts.map((c) => c.id)).toEqual([2]);
    expect(next[0]?.count).toBe(1);
  });
});
