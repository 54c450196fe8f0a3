import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, mountFrontEnd } from './static.ts';

/** A built front end in a temporary folder: what `vite build` writes, precompressed copies included. */
let dist: string;
const APP_JS = 'console.log("Sparky Reads");'.repeat(40);
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

function app() {
  const hono = new Hono<AppEnv>();
  hono.get('/api/health', (c) => c.json({ status: 'ok' }));
  mountFrontEnd(hono, dist);
  return hono;
}

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'sparky-static-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(dist, 'assets', 'font-x1.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('mountFrontEnd (server/http/static.ts)', () => {
  it('sends hashed assets brotli-compressed when accepted, cached for a year', async () => {
    const res = await app().request('/assets/index-AbC123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(APP_JS.length / 4);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await app().request('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);
    const plain = await app().request('/assets/index-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(APP_JS);
    expect(plain.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });

  it('leaves files that are already compressed (fonts) alone, still immutable', async () => {
    const res = await app().request('/assets/font-x1.woff2', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
  });

  it('a missing asset is a 404, not the app page', async () => {
    const res = await app().request('/assets/index-Old999.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).not.toBe(IMMUTABLE_CACHE);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('index.html, deep links and unhashed files are revalidated on every visit', async () => {
    for (const path of ['/', '/about', '/read-story/some-id', '/index.html']) {
      const res = await app().request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root">');
      expect(res.headers.get('cache-control'), path).toBe(REVALIDATE_CACHE);
    }
    const icon = await app().request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe(REVALIDATE_CACHE);
  });

  it('does not serve dot folders (the build manifest) or escape the folder', async () => {
    expect((await app().request('/.vite/manifest.json')).status).toBe(404);
    const escape = await app().request('/assets/..%2f..%2fpackage.json');
    expect(escape.status).toBe(404);
  });

  it('leaves the API to its own routes', async () => {
    const res = await app().request('/api/health');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('says the front end is not built when index.html is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'sparky-static-empty-'));
    try {
      const hono = new Hono<AppEnv>();
      mountFrontEnd(hono, empty);
      const res = await hono.request('/about');
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('npm run build');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
