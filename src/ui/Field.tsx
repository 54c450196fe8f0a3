import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import './field.css';

/** What every labelled form control of src/ui takes for its label, help text and error. */
export interface FieldProps {
  /** The visible label, which is also the accessible name. */
  label: ReactNode;
  /** Help text, tied to the control with aria-describedby. */
  description?: ReactNode;
  /**
   * Error text; when set the control is invalid (aria-invalid) and the text is tied to it with
   * aria-describedby. Shown with a warning sign, never by colour alone.
   */
  errorMessage?: string | null;
  /** Marks the field "(optional)" in its label; required fields stay unmarked, as most are. */
  isOptional?: boolean;
}

/** Props of {@link Field}: the shared field props, the control, and where the help text goes. */
export interface FieldFrameProps extends FieldProps {
  /** The control (an Input, a Select's button and list, a RadioGroup's options). */
  children: ReactNode;
  /**
   * Help text under the control (default, text fields and selects) or between the label and the
   * control (radio groups, so it is read before the options).
   */
  descriptionPlacement?: 'before' | 'after';
}

/**
 * The label, description and error of a react-aria field, in one place for TextField, Select and
 * RadioGroup. Render it as the children of the react-aria component (`<AriaTextField>`,
 * `<AriaSelect>`, `<AriaRadioGroup>`): react-aria's contexts then tie the label (`aria-labelledby`),
 * the description and the error (`aria-describedby`) to the control, so every field gets the same
 * accessible wiring.
 */
export function Field({
  label,
  description,
  errorMessage,
  isOptional = false,
  descriptionPlacement = 'after',
  children,
}: FieldFrameProps) {
  const help = description ? (
    <Text slot="description" className="field__description">
      {description}
    </Text>
  ) : null;
  return (
    <>
      <Label className="field__label">
        {label}
        {isOptional ? <span className="field__optional"> (optional)</span> : null}
      </Label>
      {descriptionPlacement === 'before' ? help : null}
      {children}
      {descriptionPlacement === 'after' ? help : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}

/** Whether a field is invalid: it has an error message, or the caller says so. */
export function isFieldInvalid(errorMessage: string | null | undefined, isInvalid?: boolean): boolean {
  return Boolean(errorMessage) || Boolean(isInvalid);
}
