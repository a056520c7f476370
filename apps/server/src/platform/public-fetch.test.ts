import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fetchPublic, isPrivateAddress, lookupPublic, PrivateAddressError } from './public-fetch.js';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local (cloud metadata), carrier NAT, multicast and mapped IPv4', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '200.147.67.142', '2804:14c::1', '::ffff:8.8.4.4'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('fetchPublic', () => {
  it('never sends a request to a private address unless private addresses are allowed', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const url of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://[::1]:${port}/`])
        await expect(fetchPublic(url, { allowPrivate: false })).rejects.toBeInstanceOf(PrivateAddressError);
      expect(hits).toBe(0);
      const allowed = await fetchPublic(`http://127.0.0.1:${port}/`, { allowPrivate: true });
      expect(await allowed.text()).toBe('ok');
      expect(hits).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses at connect time a name that resolves to a private address', async () => {
    for (const all of [false, true]) {
      const error = await new Promise((resolve) => lookupPublic('localhost', { all }, (err) => resolve(err)));
      expect(error).toBeInstanceOf(PrivateAddressError);
    }
  });
});
