import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { buttonClassName } from './Button.tsx';
import './button.css';
import './link.css';

/**
 * How a link is drawn: `inline` (underlined text), `nav` (top bar item), or like a button
 * (`primary`, `secondary`) for calls to action that navigate.
 */
export type LinkVariant = 'inline' | 'nav' | 'primary' | 'secondary';

/** Props of {@link Link}: react-aria's Link props with a required href and a variant. */
export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'href'> {
  /** A path from src/app/paths.ts, or an in-page `#id`. */
  href: string;
  variant?: LinkVariant;
  className?: string;
}

/**
 * The project's link: react-aria's Link, which navigates through the app router when a
 * RouterProvider is above it (src/app/AriaRouterProvider.tsx) and is a real `<a href>` otherwise,
 * so middle-click, "open in new tab" and screen-reader link lists keep working.
 */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={({ isFocusVisible, isPressed, isHovered }) => {
        const state = { isFocusVisible, isPressed, isHovered };
        if (variant === 'primary' || variant === 'secondary')
          return buttonClassName(variant, state, className);
        return cx(
          variant === 'nav' ? 'nav-link' : 'text-link',
          isFocusVisible && 'is-focus-visible',
          isHovered && 'is-hovered',
          className,
        );
      }}
    />
  );
}
