import { DialogTrigger } from 'react-aria-components';
import type { TextSize } from '#a11y/display-preferences.ts';
import { useDisplayPreferences } from '#a11y/use-display-preferences.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';
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
 * The "Display" button and its panel: high contrast, text size and reduce motion. Choices apply at
 * once and are remembered on this device (a11y/display-preferences.ts). Placed in the top bar of
 * every page so a child or helper can find it before signing in.
 */
export function DisplaySettings() {
  const [preferences, update] = useDisplayPreferences();
  return (
    <DialogTrigger>
      <Button variant="quiet" className="display-settings__trigger">
        <Icon name="contrast" strokeWidth={2.5} className="display-settings__icon" />
        <span className="display-settings__label">Display</span>
      </Button>
      <Popover placement="bottom end">
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
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
