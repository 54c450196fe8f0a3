import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import './field.css';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'> {
  /** The visible label, which is also the accessible name. */
  label: ReactNode;
  /** Help text under the field, tied with aria-describedby. */
  description?: ReactNode;
  /** Error text; when set the field is invalid and the text is tied with aria-describedby. */
  errorMessage?: string | null;
  /** Placeholder (never instead of the label). */
  placeholder?: string;
  /** Marks the field "(optional)" in its label; required fields stay unmarked, as most are. */
  isOptional?: boolean;
  className?: string;
}

/**
 * A labelled text input (react-aria's TextField): visible label, optional description, and an
 * error tied to the input with aria-describedby and aria-invalid. Use `type="email"`,
 * `type="password"`, `inputMode="numeric"` as usual. Targets are at least 44 px tall.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isOptional = false,
  className,
  ...props
}: TextFieldProps) {
  const isInvalid = Boolean(errorMessage) || props.isInvalid;
  return (
    <AriaTextField {...props} isInvalid={isInvalid} className={cx('field', className)}>
      <Label className="field__label">
        {label}
        {isOptional ? <span className="field__optional"> (optional)</span> : null}
      </Label>
      <Input
        placeholder={placeholder}
        className={({ isFocusVisible, isInvalid: invalid, isDisabled }) =>
          cx(
            'field__input',
            isFocusVisible && 'is-focus-visible',
            invalid && 'is-invalid',
            isDisabled && 'is-disabled',
          )
        }
      />
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
