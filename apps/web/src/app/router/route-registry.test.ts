import { mainScreens, menuKeys, nestedGroups, reportNames } from '@prosa/contracts';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { ptBR } from '../i18n/locales/pt-br';
import { nestedChildName, pathFor, routeEntries, routeNameForPath } from './route-registry';
import { screenMeta } from './screens';

describe('route registry', () => {
  it('has every screen, nested group, report and workspace route of the spec', () => {
    const names = new Set(routeEntries.map((entry) => entry.name));
    for (const [name] of mainScreens) expect(names).toContain(name);
    for (const [group, , children] of nestedGroups) {
      expect(names).toContain(group);
      for (const child of children) expect(names).toContain(nestedChildName(group, child));
    }
    for (const report of reportNames) expect(names).toContain(report);
    for (const name of ['login', 'signup', 'masterkey', 'reset', 'google-callback', 'gmail-callback-url-back']) {
      expect(names).toContain(name);
    }
    for (const name of [
      'relatorios',
      'chat-flow',
      'chat-flow-builder',
      'atendimento',
      'chat-empty',
      'chat',
      'chat-contatos',
    ]) {
      expect(names).toContain(name);
    }
    expect(names.size).toBe(routeEntries.length);
  });

  it('builds paths by name', () => {
    expect(pathFor('home-dashboard')).toBe('/home');
    expect(pathFor('reset', { token: 'abc' })).toBe('/reset/abc');
    expect(pathFor('chat', { ticketId: 7 }, { pageNumber: 1, t: 5 })).toBe('/atendimento/7?pageNumber=1&t=5');
    expect(pathFor('configuracoes-chat-gpt')).toBe('/configuracoes/chat-gpt');
    expect(() => pathFor('chat')).toThrow(/ticketId/);
    expect(() => pathFor('nope')).toThrow(/Unknown route/);
  });

  it('resolves paths to names, static segments before parameters', () => {
    expect(routeNameForPath('/atendimento/contatos')).toBe('chat-contatos');
    expect(routeNameForPath('/atendimento/chats/')).toBe('chat-empty');
    expect(routeNameForPath('/atendimento/42')).toBe('chat');
    expect(routeNameForPath('/campanhas/3')).toBe('contatos-campanha');
    expect(routeNameForPath('/')).toBe('root');
    expect(routeNameForPath('/nothing/here')).toBeNull();
  });

  it('has a title in both languages and an icon for every route and menu key', () => {
    for (const { name } of routeEntries) {
      expect(ptBR.screens, name).toHaveProperty([name]);
      expect(en.screens, name).toHaveProperty([name]);
      expect(screenMeta, name).toHaveProperty([name]);
    }
    for (const key of menuKeys) expect(ptBR.screens, key).toHaveProperty([key]);
  });
});
