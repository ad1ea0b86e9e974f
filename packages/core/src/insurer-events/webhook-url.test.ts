import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../net/public-address.ts';
import { webhookUrlProblem } from './webhook-url.ts';

/*
 * Issue 37, point 6: which receiver addresses are public. Each host is written as an admin would
 * type it into a receiver's URL; the URL parser normalises it (decimal, octal and hex IPv4 forms
 * become dotted, IPv6 is compressed), and the classifier sees what the connection would use.
 * `range` is what the address counts as: IPv4 forms inside IPv6 (mapped, compatible, NAT64, 6to4)
 * are judged by their IPv4 address.
 */
const TABLE: [host: string, range: string, isPublic: boolean][] = [
  ['[::127.0.0.1]', 'loopback', false],
  ['[::ffff:127.0.0.1]', 'loopback', false],
  ['[::ffff:10.1.2.3]', 'private', false],
  ['[64:ff9b::7f00:1]', 'loopback', false],
  ['[64:ff9b::a9fe:a9fe]', 'linkLocal', false],
  ['[2002:7f00:1::]', 'loopback', false],
  ['[2002:c0a8:101::1]', 'private', false],
  ['[64:ff9b:1::1]', 'rfc6052', false],
  ['[2001:0:4136:e378:8000:63bf:3fff:fdd2]', 'teredo', false],
  ['198.18.0.1', 'reserved', false],
  ['198.19.255.255', 'reserved', false],
  ['192.0.0.8', 'reserved', false],
  ['192.0.2.10', 'reserved', false],
  ['100.64.0.1', 'carrierGradeNat', false],
  ['169.254.169.254', 'linkLocal', false],
  ['127.0.0.1', 'loopback', false],
  ['10.1.2.3', 'private', false],
  ['172.16.0.1', 'private', false],
  ['192.168.1.1', 'private', false],
  ['224.0.0.1', 'multicast', false],
  ['240.0.0.1', 'reserved', false],
  ['[::1]', 'loopback', false],
  ['[::]', 'unspecified', false],
  ['[fc00::1]', 'uniqueLocal', false],
  ['[fd12:3456::1]', 'uniqueLocal', false],
  ['[fe80::1]', 'linkLocal', false],
  ['[fec0::1]', 'deprecatedSiteLocal', false],
  ['[ff02::1]', 'multicast', false],
  ['[2001:db8::1]', 'reserved', false],
  ['[100::1]', 'discard', false],
  ['[4000::1]', 'notGlobalUnicast', false],
  ['0.0.0.0', 'unspecified', false],
  ['255.255.255.255', 'broadcast', false],
  // Decimal, hex and octal IPv4: the URL parser makes 127.0.0.1 of each.
  ['2130706433', 'loopback', false],
  ['0x7f.1', 'loopback', false],
  ['0177.0.0.1', 'loopback', false],
  ['0x7f000001', 'loopback', false],
  ['3232235777', 'private', false],
  // Public receivers.
  ['93.184.215.14', 'unicast', true],
  ['8.8.8.8', 'unicast', true],
  ['[2606:4700:4700::1111]', 'unicast', true],
  ['[2a00:1450:4001:82b::200e]', 'unicast', true],
  ['[::ffff:8.8.8.8]', 'unicast', true],
  ['[64:ff9b::808:808]', 'unicast', true],
  ['[2002:808:808::1]', 'unicast', true],
];

const hostOf = (host: string) => new URL(`https://${host}/hook`).hostname.replace(/^\[|\]$/g, '');

describe('receiver addresses, classified by ipaddr.js', () => {
  it.each(TABLE)('%s is %s (public: %s)', (host, range, isPublic) => {
    const verdict = classifyAddress(hostOf(host));
    expect(verdict).toMatchObject({ range, public: isPublic });
  });

  it.each(TABLE)('a receiver at https://%s/ is refused unless public', (host, _range, isPublic) => {
    expect(webhookUrlProblem(`https://${host}/hook`, { allowLoopbackHttp: false })).toBe(
      isPublic ? null : 'webhooks.url_not_public',
    );
  });

  it('reads IPv6 with a dotted IPv4 tail as resolvers write it, mapped or compatible', () => {
    expect(classifyAddress('::127.0.0.1')).toMatchObject({
      range: 'loopback',
      embedded: { ipv4: '127.0.0.1', as: 'ipv4Compatible' },
    });
    expect(classifyAddress('::ffff:127.0.0.1')).toMatchObject({ embedded: { as: 'ipv4Mapped' }, public: false });
    expect(classifyAddress('64:ff9b::10.0.0.1')).toMatchObject({ range: 'private', embedded: { as: 'nat64' } });
    expect(classifyAddress('::8.8.8.8')).toMatchObject({ range: 'unicast', public: true });
    expect(classifyAddress('fe80::1%eth0')).toMatchObject({ range: 'linkLocal', public: false });
  });

  it('answers null for anything that is not an IP address in its usual form', () => {
    for (const text of ['', 'localhost', '0x7f.1', '2130706433', '127.1', '1.2.3.4.5', '::ffff:1.2.3.256']) {
      expect(classifyAddress(text), text).toBeNull();
    }
  });

  it('lets tests reach loopback receivers only with the test switch, and plain http nothing else', () => {
    const tests = { allowLoopbackHttp: true };
    const production = { allowLoopbackHttp: false };
    for (const url of [
      'http://127.0.0.1:4000/hook',
      'http://[::1]:4000/hook',
      'http://localhost:4000/hook',
      'http://hooks.localhost:4000/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      expect(webhookUrlProblem(url, tests), url).toBeNull();
      expect(webhookUrlProblem(url, production), url).not.toBeNull();
    }
    expect(webhookUrlProblem('https://hooks.localhost./hook', production)).toBe('webhooks.url_not_public');
    expect(webhookUrlProblem('https://LOCALHOST/hook', production)).toBe('webhooks.url_not_public');
    // Even for tests, the switch opens loopback, not private networks, and plain http to nothing public.
    expect(webhookUrlProblem('http://10.0.0.7/hook', tests)).toBe('webhooks.url_not_public');
    expect(webhookUrlProblem('https://10.0.0.7/hook', tests)).toBe('webhooks.url_not_public');
    expect(webhookUrlProblem('http://8.8.8.8/hook', tests)).toBe('webhooks.url_not_public');
    expect(webhookUrlProblem('http://example.org/hook', production)).toBe('webhooks.url_invalid');
    expect(webhookUrlProblem('https://hooks.insurer.example/portal', production)).toBeNull();
  });
});
