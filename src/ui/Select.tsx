import type { Key, KeyboardEvent } from 'react';
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Select as AriaSelect,
  SelectValue,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Field, isFieldInvalid, type FieldProps } from './Field.tsx';
import { Icon } from './Icon.tsx';
import { Popover } from './Popover.tsx';

/** One choice of a {@link Select}. */
export interface SelectOption {
  /** The value stored. */
  id: string;
  /** What a person sees and hears. */
  label: string;
}

/** Props of {@link Select}. */
export interface SelectProps
  extends
    Omit<
      AriaSelectProps<SelectOption>,
      | 'children'
      | 'className'
      | 'selectedKey'
      | 'onSelectionChange'
      | 'onChange'
      | 'value'
      | 'defaultValue'
      | 'placeholder'
    >,
    FieldProps {
  options: readonly SelectOption[];
  /** The chosen id, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  className?: string;
}

/**
 * In an open list, Tab and Shift+Tab move to the next and previous option (wrapping), as the arrow
 * keys do, so a switch user with Tab and Enter can reach every option and pick it with Enter
 * (issue 17, item 6). Without this, Tab stayed on the current option inside the open list.
 */
function tabMovesThroughOptions(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  event.stopPropagation();
  event.target.dispatchEvent(
    new window.KeyboardEvent('keydown', { key: event.shiftKey ? 'ArrowUp' : 'ArrowDown', bubbles: true }),
  );
}

/**
 * A labelled pick-one list (react-aria's Select): a button showing the choice that opens a list
 * box; arrow keys, typeahead, Enter and Escape work as in a native select. Label, description and
 * error go through {@link Field}, as for every field.
 */
export function Select({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  placeholder = 'Choose…',
  isOptional,
  className,
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      isInvalid={isFieldInvalid(errorMessage, props.isInvalid)}
      className={cx('field', className)}
    >
      <Field label={label} description={description} errorMessage={errorMessage} isOptional={isOptional}>
        <AriaButton
          className={({ isFocusVisible, isPressed }) =>
            cx(
              'field__input',
              'select__button',
              isFocusVisible && 'is-focus-visible',
              isPressed && 'is-pressed',
            )
          }
        >
          <SelectValue className="select__value" />
          <Icon name="chevronDown" size={20} strokeWidth={3} className="select__chevron" />
        </AriaButton>
      </Field>
      <Popover className="select__popover">
        {/* Keys reach this wrapper before the list box (see tabMovesThroughOptions). */}
        <div onKeyDownCapture={tabMovesThroughOptions}>
          <ListBox items={options} className="select__list" shouldFocusWrap>
            {(option) => (
              <ListBoxItem
                id={option.id}
                textValue={option.label}
                className={({ isFocused, isSelected }) =>
                  cx('select__option', isFocused && 'is-focused', isSelected && 'is-selected')
                }
              >
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </div>
      </Popover>
    </AriaSelect>
  );
}
