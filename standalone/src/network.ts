import { networkInterfaces } from 'node:os';

/** `0.0.0.0` and `::` listen on every network the machine is on. */
export function listensEverywhere(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** This machine's IPv4 addresses on its networks (a phone on the home network reaches it there). */
export function networkAddresses(interfaces = networkInterfaces()): string[] {
  return Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address);
}

/** Where people reach a server listening on `host`: for every network, the first of its addresses. */
export function reachableOrigin(host: string, port: number, addresses: readonly string[] = networkAddresses()): string {
  const name = listensEverywhere(host)
    ? (addresses[0] ?? '127.0.0.1')
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}
