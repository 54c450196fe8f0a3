import { act, render, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAnnouncements, mountAnnouncer } from '#a11y/announcer.ts';
import { BACK_ONLINE_MESSAGE, OFFLINE_MESSAGE, OfflineBanner } from './OfflineBanner.tsx';

let online = true;

function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

function politeRegion(): HTMLElement {
  const region = document.querySelector<HTMLElement>('[data-announcer="polite"]');
  if (!region) throw new Error('no polite live region');
  return region;
}

describe('OfflineBanner', () => {
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    mountAnnouncer();
    clearAnnouncements();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows nothing while online', () => {
    const { container } = render(<OfflineBanner />);
    expect(within(container).queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
  });

  it('appears on the offline event with the spec wording and is announced politely', async () => {
    const { container } = render(<OfflineBanner />);
    goOffline();
    // The visible banner; the same words are also in the (visually hidden) live region.
    expect(within(container).getByText("You're offline. Some features may not work properly.")).toBeVisible();
    await waitFor(() => expect(politeRegion()).toHaveTextContent(OFFLINE_MESSAGE));
    expect(politeRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('goes away on the online event and says so', async () => {
    const { container } = render(<OfflineBanner />);
    goOffline();
    goOnline();
    expect(within(container).queryByText(OFFLINE_MESSAGE)).not.toBeInTheDocument();
    await waitFor(() => expect(politeRegion()).toHaveTextContent(BACK_ONLINE_MESSAGE));
  });

  it('shows at once when the page loads offline', () => {
    online = false;
    const { container } = render(<OfflineBanner />);
    expect(within(container).getByText(OFFLINE_MESSAGE)).toBeVisible();
  });
});
