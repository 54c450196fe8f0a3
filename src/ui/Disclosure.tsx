import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Icon } from './Icon.tsx';
import './disclosure.css';

/** Props of {@link Disclosure}. */
export interface DisclosureProps extends Omit<AriaDisclosureProps, 'children' | 'className'> {
  /** The trigger's text, e.g. "Error details". */
  title: ReactNode;
  /** Level of the heading that holds the trigger, so the outline of the page stays right. */
  headingLevel?: 2 | 3 | 4 | 5;
  children: ReactNode;
  className?: string;
}

/**
 * A collapsible section: a heading with a toggle button (`aria-expanded`) and a panel that is hidden
 * until opened. Built on react-aria's Disclosure.
 */
export function Disclosure({ title, headingLevel = 3, children, className, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure
      {...props}
      className={({ isExpanded, isFocusVisibleWithin }) =>
        cx(
          'disclosure',
          isExpanded && 'is-expanded',
          isFocusVisibleWithin && 'is-focus-visible-within',
          className,
        )
      }
    >
      <Heading level={headingLevel} className="disclosure__heading">
        <AriaButton
          slot="trigger"
          className={({ isFocusVisible, isHovered, isPressed }) =>
            cx(
              'disclosure__trigger',
              isFocusVisible && 'is-focus-visible',
              isHovered && 'is-hovered',
              isPressed && 'is-pressed',
            )
          }
        >
          <Icon name="chevronRight" size={20} strokeWidth={3} className="disclosure__chevron" />
          {title}
        </AriaButton>
      </Heading>
      <DisclosurePanel className="disclosure__panel">{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
