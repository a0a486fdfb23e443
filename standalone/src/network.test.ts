import { describe, expect, it } from 'vitest';
import { networkAddresses, reachableOrigin } from './network.js';

describe('where people reach the server', () => {
  it('is the listening address when it is one address', () => {
    expect(reachableOrigin('127.0.0.1', 8080, ['192.168.1.20'])).toBe('http://127.0.0.1:8080');
    expect(reachableOrigin('::1', 8080, [])).toBe('http://[::1]:8080');
  });

  it('is the machine address on its network when it listens everywhere, loopback without one', () => {
    expect(reachableOrigin('0.0.0.0', 8080, ['192.168.1.20', '10.0.0.5'])).toBe('http://192.168.1.20:8080');
    expect(reachableOrigin('0.0.0.0', 8080, [])).toBe('http://127.0.0.1:8080');
  });

  it('lists external IPv4 addresses only', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      wlan0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
    } as unknown as Parameters<typeof networkAddresses>[0];
    expect(networkAddresses(interfaces)).toEqual(['192.168.1.20']);
  });
});
