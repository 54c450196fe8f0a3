import { Suspense, useRef, useState } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import './display-settings.css';

// Preloaded, it renders on the first open without a fallback (see LoginPage's sign-up fields).
const DisplaySettingsPanel = lazyWithPreload(() =>
  import('./DisplaySettingsPanel.tsx').then((m) => ({ default: m.DisplaySettingsPanel })),
);
const loadPanel = () => DisplaySettingsPanel.preload();

/**
 * The "Display" button and its panel: high contrast, text size and reduce motion. Choices apply at
 * once and are remembered on this device (a11y/display-preferences.ts). Placed in the top bar of
 * every page so a child or helper can find it before signing in.
 *
 * The panel (DisplaySettingsPanel.tsx: the popover, dialog, switch and radio code) is its own chunk,
 * fetched when the pointer or keyboard focus reaches the button and rendered from the first time it
 * is opened, so the many visits that never open it do not load it (docs/decisions/0012-route-splitting.md).
 */
export function DisplaySettings() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        ref={triggerRef}
        variant="quiet"
        className="display-settings__trigger"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onHoverStart={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onPress={() => {
          setWanted(true);
          setOpen((open) => !open);
        }}
      >
        <Icon name="contrast" strokeWidth={2.5} className="display-settings__icon" />
        <span className="display-settings__label">Display</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <DisplaySettingsPanel triggerRef={triggerRef} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
