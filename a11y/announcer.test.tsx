import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { announce, clearAnnouncements, mountAnnouncer } from './announcer.ts';

describe('announcer', () => {
  beforeEach(() => {
    document.body.replaceChildren();
  });

  it('creates one polite and one assertive live region once', () => {
    mountAnnouncer();
    mountAnnouncer();
    const polite = document.querySelectorAll('[data-announcer="polite"]');
    const assertive = document.querySelectorAll('[data-announcer="assertive"]');
    expect(polite).toHaveLength(1);
    expect(assertive).toHaveLength(1);
    expect(polite[0]).toHaveAttribute('aria-live', 'polite');
    expect(polite[0]).toHaveAttribute('role', 'status');
    expect(assertive[0]).toHaveAttribute('aria-live', 'assertive');
  });

  it('puts the message in the region of the asked politeness', async () => {
    mountAnnouncer();
    announce('About · Sparky Reads');
    announce('Microphone blocked', 'assertive');
    expect(document.querySelector('[data-announcer="polite"]')).toHaveTextContent('About · Sparky Reads');
    expect(document.querySelector('[data-announcer="assertive"]')).toHaveTextContent('Microphone blocked');
  });

  it('waits a moment before the first message of a new region', async () => {
    announce('Hello');
    const region = document.querySelector('[data-announcer="polite"]');
    expect(region).toBeEmptyDOMElement();
    await waitFor(() => expect(region).toHaveTextContent('Hello'));
  });

  it('adds a repeated message again so it is read again, and ignores blank ones', () => {
    mountAnnouncer();
    announce('Try again');
    announce('Try again');
    announce('   ');
    expect(document.querySelector('[data-announcer="polite"]')?.childElementCount).toBe(2);
    clearAnnouncements();
    expect(document.querySelector('[data-announcer="polite"]')).toBeEmptyDOMElement();
  });
});
