import type { Key, ReactNode } from 'react';
import {
  Button as AriaButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Select as AriaSelect,
  SelectValue,
  Text,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Popover } from './Popover.tsx';
import './field.css';

/** One choice of a {@link Select}. */
export interface SelectOption {
  /** The value stored. */
  id: string;
  /** What a person sees and hears. */
  label: string;
}

/** Props of {@link Select}. */
export interface SelectProps extends Omit<
  AriaSelectProps<SelectOption>,
  | 'children'
  | 'className'
  | 'selectedKey'
  | 'onSelectionChange'
  | 'onChange'
  | 'value'
  | 'defaultValue'
  | 'placeholder'
> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The chosen id, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string | null;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  isOptional?: boolean;
  className?: string;
}

/**
 * A labelled pick-one list (react-aria's Select): a button showing the choice that opens a list
 * box; arrow keys, typeahead, Enter and Escape work as in a native select. Label, description and
 * error are tied like {@link TextField}'s.
 */
export function Select({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  placeholder = 'Choose…',
  isOptional = false,
  className,
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder}
      selectedKey={value === '' ? null : value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      isInvalid={Boolean(errorMessage) || props.isInvalid}
      className={cx('field', className)}
    >
      <Label className="field__label">
        {label}
        {isOptional ? <span className="field__optional"> (optional)</span> : null}
      </Label>
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
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="select__chevron">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </AriaButton>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="select__popover">
        <ListBox items={options} className="select__list">
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
      </Popover>
    </AriaSelect>
  );
}
