import type { RefObject } from 'react';
import type { TextSize } from '#a11y/display-preferences.ts';
import { useDisplayPreferences } from '#a11y/use-display-preferences.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Popover } from './Popover.tsx';
import { Radio, RadioGroup } from './RadioGroup.tsx';
import { Switch } from './Switch.tsx';
import './display-settings.css';

const TEXT_SIZE_LABELS: Record<TextSize, string> = {
  standard: 'Standard',
  large: 'Large',
  'extra-large': 'Extra large',
};

/**
 * The panel of {@link DisplaySettings} (src/ui/DisplaySettings.tsx): high contrast, text size and
 * reduce motion, in a popover dialog. Its own chunk: the overlay, dialog, switch and radio code
 * loads the first time the panel is wanted, not with every page (docs/decisions/0012-route-splitting.md).
 * Escape, a click outside or the trigger close it; focus then returns to the trigger.
 */
export function DisplaySettingsPanel({
  triggerRef,
  isOpen,
  onOpenChange,
}: {
  /** The "Display" button the popover is placed against. */
  triggerRef: RefObject<HTMLElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [preferences, update] = useDisplayPreferences();
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement="bottom end">
      <Dialog title="Display settings" className="display-settings">
        <div className="display-settings__body">
          <Switch
            isSelected={preferences.theme === 'high-contrast'}
            onChange={(isSelected) => update({ theme: isSelected ? 'high-contrast' : 'standard' })}
          >
            High contrast
          </Switch>
          <RadioGroup
            label="Text size"
            value={preferences.textSize}
            onChange={(value) => update({ textSize: value as TextSize })}
          >
            {(Object.keys(TEXT_SIZE_LABELS) as TextSize[]).map((size) => (
              <Radio key={size} value={size}>
                {TEXT_SIZE_LABELS[size]}
              </Radio>
            ))}
          </RadioGroup>
          <Switch
            isSelected={preferences.motion === 'reduced'}
            onChange={(isSelected) => update({ motion: isSelected ? 'reduced' : 'system' })}
          >
            Reduce motion
          </Switch>
          <p className="display-settings__note">Your choices are saved on this device.</p>
          {/* A visible way out for those without Escape (two-switch users, issue 17 item 5). */}
          <Button variant="secondary" className="display-settings__close" onPress={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </Dialog>
    </Popover>
  );
}
