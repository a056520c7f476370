import { describe, expect, it } from 'vitest';
import { accountErrors } from './errors/accounts.js';
import { assistantErrors } from './errors/assistants.js';
import { authErrors } from './errors/auth.js';
import { chatFlowErrors } from './errors/chat-flows.js';
import { connectionErrors } from './errors/connections.js';
import { contactErrors } from './errors/contacts.js';
import { messageErrors } from './errors/messages.js';
import { outreachErrors } from './errors/outreach.js';
import { providerErrors } from './errors/providers.js';
import { proxyErrors } from './errors/proxy.js';
import { requestErrors } from './errors/request.js';
import { ticketErrors } from './errors/tickets.js';
import { errorCatalogue } from './errors.js';

const areas = {
  accountErrors,
  assistantErrors,
  authErrors,
  chatFlowErrors,
  connectionErrors,
  contactErrors,
  messageErrors,
  outreachErrors,
  providerErrors,
  proxyErrors,
  requestErrors,
  ticketErrors,
};

describe('error catalogue areas', () => {
  it('holds each code in exactly one area, so no area silently overrides another', () => {
    const owners = new Map<string, string[]>();
    for (const [area, codes] of Object.entries(areas)) {
      for (const code of Object.keys(codes)) owners.set(code, [...(owners.get(code) ?? []), area]);
    }
    const twice = [...owners].filter(([, inAreas]) => inAreas.length > 1);
    expect(twice).toEqual([]);
    expect(Object.keys(errorCatalogue).sort()).toEqual([...owners.keys()].sort());
  });
});
