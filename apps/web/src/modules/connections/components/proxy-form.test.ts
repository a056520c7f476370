import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n/i18n';
import {
  buildProxyUrl,
  initialProxyValues,
  keepsStoredPassword,
  parseProxyAddress,
  proxyFieldOf,
  proxyUsageOf,
  type TProxyFormValues,
  toProxyBody,
  validateProxyForm,
} from './proxy-form';

const values = (overrides: Partial<TProxyFormValues> = {}): TProxyFormValues => ({
  protocol: 'http',
  host: 'proxy.loja.com.br',
  port: '3128',
  username: '',
  password: '',
  ...overrides,
});

describe('proxy form', () => {
  it('splits a pasted proxy line into its fields, in the shapes sellers hand out', () => {
    expect(parseProxyAddress(' http://prosa:s%40nha@10.0.0.5:3128 ')).toEqual({
      protocol: 'http',
      host: '10.0.0.5',
      port: '3128',
      username: 'prosa',
      password: 's@nha',
    });
    // Port 80 stays (a plain URL would drop it as http's default); socks5h and socks read as socks5.
    expect(parseProxyAddress('http://proxy.com:80')).toEqual({ protocol: 'http', host: 'proxy.com', port: '80' });
    expect(parseProxyAddress('socks5h://127.0.0.1:1080')).toMatchObject({ protocol: 'socks5', port: '1080' });
    expect(parseProxyAddress('socks://[::1]:1080')).toMatchObject({ protocol: 'socks5', host: '[::1]' });
    expect(parseProxyAddress('203.0.113.7:8080')).toEqual({ host: '203.0.113.7', port: '8080' });
    expect(parseProxyAddress('203.0.113.7:8080:cliente:segredo')).toEqual({
      host: '203.0.113.7',
      port: '8080',
      username: 'cliente',
      password: 'segredo',
    });
  });

  it('leaves anything else to be typed as it is', () => {
    expect(parseProxyAddress('proxy.com')).toBeNull();
    expect(parseProxyAddress('ftp://proxy.com:21')).toBeNull();
    expect(parseProxyAddress('http://')).toBeNull();
    expect(parseProxyAddress('')).toBeNull();
  });

  it('opens on the stored proxy, its default port filled in, never its password', () => {
    expect(initialProxyValues(null)).toEqual({ protocol: 'http', host: '', port: '', username: '', password: '' });
    expect(initialProxyValues({ url: 'socks5://127.0.0.1:3920', username: 'prosa', passwordSet: true })).toEqual({
      protocol: 'socks5',
      host: '127.0.0.1',
      port: '3920',
      username: 'prosa',
      password: '',
    });
    // The server stores `http://host:80` as `http://host`.
    expect(initialProxyValues({ url: 'http://proxy.com', username: null, passwordSet: false })).toMatchObject({
      host: 'proxy.com',
      port: '80',
      username: '',
    });
    expect(initialProxyValues({ url: 'https://proxy.com', username: null, passwordSet: false }).port).toBe('443');
  });

  it('builds protocol://host:port, an IPv6 address in brackets', () => {
    expect(buildProxyUrl({ protocol: 'https', host: ' proxy.com ', port: ' 8443 ' })).toBe('https://proxy.com:8443');
    expect(buildProxyUrl({ protocol: 'socks5', host: '::1', port: '1080' })).toBe('socks5://[::1]:1080');
    expect(buildProxyUrl({ protocol: 'socks5', host: '[::1]', port: '1080' })).toBe('socks5://[::1]:1080');
  });

  it('keeps the stored password when its field is left empty and the username is the same', () => {
    const stored = { url: 'http://proxy.com:3128', username: 'prosa', passwordSet: true };
    expect(toProxyBody(values({ username: ' prosa ' }), stored)).toEqual({
      url: 'http://proxy.loja.com.br:3128',
      username: 'prosa',
    });
    expect(keepsStoredPassword(values({ username: 'prosa' }), stored)).toBe(true);
    // Another username, or none stored: an empty field means no password.
    expect(toProxyBody(values({ username: 'outro' }), stored)).toMatchObject({ username: 'outro', password: null });
    expect(keepsStoredPassword(values({ username: 'outro' }), stored)).toBe(false);
    expect(toProxyBody(values(), null)).toEqual({
      url: 'http://proxy.loja.com.br:3128',
      username: null,
      password: null,
    });
    // A typed password is sent as typed (spaces and all).
    expect(toProxyBody(values({ username: 'prosa', password: ' s3nha ' }), stored).password).toBe(' s3nha ');
  });

  it('names the missing or wrong field in Portuguese before anything is sent', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(validateProxyForm(values())).toEqual({});
    expect(validateProxyForm(values({ host: ' ', port: '' }))).toEqual({
      host: 'Campo obrigatório',
      port: 'Campo obrigatório',
    });
    expect(validateProxyForm(values({ port: '70000' }))).toEqual({ port: 'Informe uma porta de 1 a 65535.' });
    expect(validateProxyForm(values({ port: '0' })).port).toBeDefined();
    expect(validateProxyForm(values({ port: '80a' })).port).toBeDefined();
    // A login or a path typed into the address is refused by the server's own schema.
    const hostError = 'Informe só o nome ou IP do proxy (sem usuário, senha ou caminho).';
    expect(validateProxyForm(values({ host: 'user:pass@proxy.com' }))).toEqual({ host: hostError });
    expect(validateProxyForm(values({ host: 'proxy.com/path' }))).toEqual({ host: hostError });
    expect(validateProxyForm(values({ host: 'proxy com' }))).toEqual({ host: hostError });
    expect(validateProxyForm(values({ username: 'a'.repeat(201) }))).toEqual({ username: 'Máximo de 200 caracteres' });
  });

  it("puts a server's field error under the field that makes it", () => {
    expect(proxyFieldOf('url')).toBe('host');
    expect(proxyFieldOf('password')).toBe('password');
    expect(proxyFieldOf('type')).toBeNull();
    expect(proxyFieldOf(undefined)).toBeNull();
  });

  it('says which connections take a proxy here and why the others do not', () => {
    expect(proxyUsageOf('baileys')).toBe('proxy');
    expect(proxyUsageOf('evolution')).toBe('proxy');
    expect(proxyUsageOf('zapi')).toBe('gateway');
    expect(proxyUsageOf('wuzapi')).toBe('gateway');
    expect(proxyUsageOf('waba')).toBe('officialApi');
    expect(proxyUsageOf('telegram')).toBe('officialApi');
    expect(proxyUsageOf('webchat')).toBe('webchat');
    expect(proxyUsageOf('some-future-channel')).toBe('officialApi');
  });
});
