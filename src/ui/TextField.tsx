import {
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Field, isFieldInvalid, type FieldProps } from './Field.tsx';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'>, FieldProps {
  /** Placeholder (never instead of the label). */
  placeholder?: string;
  className?: string;
}

/**
 * A labelled text input (react-aria's TextField): visible label, optional description, and an
 * error tied to the input with aria-describedby and aria-invalid, all through {@link Field}. Use `type="email"`,
 * `type="password"`, `inputMode="numeric"` as usual. Targets are at least 44 px tall.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isOptional,
  className,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={isFieldInvalid(errorMessage, props.isInvalid)}
      className={cx('field', className)}
    >
      <Field label={label} description={description} errorMessage={errorMessage} isOptional={isOptional}>
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
      </Field>
    </AriaTextField>
  );
}
