/**
 * The client's address: the socket's peer, or, behind TRUST_PROXY reverse proxies, the address the
 * nearest untrusted hop reported in X-Forwarded-For (the same rule as Express's `trust proxy = N`).
 * A client cannot forge its way out of the per-address rate limits: without TRUST_PROXY the header
 * is ignored, and with it only the entries the trusted proxies appended are believed.
 */
import { isIP } from 'node:net';

/** The header the server sets on requests it hands to better-auth (any incoming value is replaced). */
export const CLIENT_IP_HEADER = 'x-sparky-client-ip';

/** Address used when the socket's is unknown (in-process requests in tests). */
export const UNKNOWN_ADDRESS = '0.0.0.0';

/** `::ffff:192.0.2.1` → `192.0.2.1`; other addresses unchanged. */
function normalise(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed.toLowerCase();
}

/**
 * Resolve the client address.
 * @param socketAddress the TCP peer (undefined for in-process requests)
 * @param forwardedFor the X-Forwarded-For header, if any
 * @param trustedHops how many reverse proxies in front of the server to trust (TRUST_PROXY; 0 = none)
 * @returns a normalised IP address; the socket's when the header is absent, malformed or not trusted
 */
export function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string {
  const socket = socketAddress ? normalise(socketAddress) : UNKNOWN_ADDRESS;
  if (trustedHops <= 0 || !forwardedFor) return socket;
  // Nearest first: the socket peer, then the header's entries from right to left. Each trusted hop
  // vouches for the entry before it; the first address a trusted hop reported is the client.
  const chain = [
    socket,
    ...forwardedFor
      .split(',')
      .map((entry) => normalise(entry))
      .reverse(),
  ];
  const index = Math.min(trustedHops, chain.length - 1);
  for (let i = 1; i <= index; i++) if (!isIP(chain[i]!)) return chain[i - 1]!;
  return chain[index]!;
}
