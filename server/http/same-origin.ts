/**
 * Same-origin detection for requests to the API: a request whose Origin names the host it was sent
 * to (or that the browser marked `Sec-Fetch-Site: same-origin`) comes from a page of this app, at
 * whatever address the app was opened (http://127.0.0.1:3000, a classroom tablet on the LAN address).
 * Cross-site requests (another host in Origin, or `Sec-Fetch-Site: cross-site`) are not.
 */

/** The parts of a request the check reads. */
export interface OriginHeaders {
  origin?: string | undefined;
  host?: string | undefined;
  /** X-Forwarded-Host, only used when the server trusts a proxy (TRUST_PROXY). */
  forwardedHost?: string | undefined;
  secFetchSite?: string | undefined;
}

/**
 * The request's own origin when it is same-origin, else undefined.
 * @param trustProxy whether X-Forwarded-Host (set by a trusted reverse proxy) names the host
 */
export function sameOrigin(headers: OriginHeaders, trustProxy: boolean): string | undefined {
  const { origin, secFetchSite } = headers;
  if (!origin || origin === 'null' || secFetchSite === 'cross-site' || secFetchSite === 'same-site') {
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const host = ((trustProxy && headers.forwardedHost?.split(',')[0]) || headers.host || '')
    .trim()
    .toLowerCase();
  if (secFetchSite === 'same-origin' || (host !== '' && parsed.host.toLowerCase() === host)) {
    return parsed.origin;
  }
  return undefined;
}
