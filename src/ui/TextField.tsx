import {
  Input,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import type { Ref } from 'react';
import { cx } from '../lib/class-names.ts';
import { Field, isFieldInvalid, type FieldProps } from './Field.tsx';

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'>, FieldProps {
  /** Placeholder (never instead of the label). */
  placeholder?: string;
  className?: string;
  /** A text area for text of several lines (`rows` tall, and as tall as the user drags it), not a one-line input. */
  multiline?: boolean;
  /** Visible lines of a multiline field (default 8). */
  rows?: number;
  /** The one-line input element (to move focus to it). */
  inputRef?: Ref<HTMLInputElement>;
  /** The text area element of a multiline field (to move focus to it). */
  textAreaRef?: Ref<HTMLTextAreaElement>;
}

/**
 * A labelled text input (react-aria's TextField): visible label, optional description, and an
 * error tied to the input with aria-describedby and aria-invalid, all through {@link Field}. `multiline` makes it a
 * text area. Use `type="email"`,
 * `type="password"`, `inputMode="numeric"` as usual. Targets are at least 44 px tall.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  isOptional,
  className,
  multiline = false,
  rows = 8,
  inputRef,
  textAreaRef,
  ...props
}: TextFieldProps) {
  const inputClass = ({
    isFocusVisible,
    isInvalid: invalid,
    isDisabled,
  }: {
    isFocusVisible: boolean;
    isInvalid: boolean;
    isDisabled: boolean;
  }) =>
    cx(
      'field__input',
      multiline && 'field__input--multiline',
      isFocusVisible && 'is-focus-visible',
      invalid && 'is-invalid',
      isDisabled && 'is-disabled',
    );
  return (
    <AriaTextField
      {...props}
      isInvalid={isFieldInvalid(errorMessage, props.isInvalid)}
      className={cx('field', className)}
    >
      <Field label={label} description={description} errorMessage={errorMessage} isOptional={isOptional}>
        {multiline ? (
          <TextArea ref={textAreaRef} placeholder={placeholder} rows={rows} className={inputClass} />
        ) : (
          <Input ref={inputRef} placeholder={placeholder} className={inputClass} />
        )}
      </Field>
    </AriaTextField>
  );
}
