import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { NOT_FOUND_LOG_ENDPOINT } from './log-not-found.ts';

describe('NotFoundPage', () => {
  let sendBeacon: ReturnType<typeof vi.fn>;
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Oops! Page not found' and a 'Return to Home' link to / (spec §2.1)", async () => {
    renderRoute('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · Sparky Reads'));
  });

  it('logs the attempted path once: a console warning and a beacon to the server', async () => {
    renderRoute('/no/such/page?from=test');
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    expect(warn).toHaveBeenCalledWith('Page not found: /no/such/page?from=test');
    expect(sendBeacon).toHaveBeenCalledOnce();
    expect(sendBeacon).toHaveBeenCalledWith(
      NOT_FOUND_LOG_ENDPOINT,
      JSON.stringify({ path: '/no/such/page?from=test' }),
    );
  });

  it('still shows the page when the browser has no sendBeacon', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    renderRoute('/missing');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Page not found: /missing');
  });
});
