import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useLocation } from 'react-router-dom';
import { publicPaths } from '../../app/paths.ts';
import type { signOut } from '../../lib/api/auth-client.ts';
import type { MeResponse } from '#core/api/account.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { navIcon } from '../../app/nav-icons.ts';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { menuStillBeingBuilt, navGroupsFor, type NavGroup } from '../../app/nav-items.ts';
import {
  SIDEBAR_MAX_WIDTH,
  SIDEBAR_MIN_WIDTH,
  SIDEBAR_PRESETS,
  clampSidebarWidth,
  readSidebarWidth,
  widthAfterKey,
  writeSidebarWidth,
} from './sidebar-width.ts';
import './sidebar.css';
import { useSignOut } from './use-sign-out.ts';

/** The accessible name of the sidebar's navigation landmark. */
export const SIDEBAR_NAV_LABEL = 'Sidebar';
/** The accessible name of the resize handle. */
export const RESIZE_LABEL = 'Resize sidebar';
/**
 * The CSS custom property on the document's root element that holds the desktop sidebar's width in
 * px while it is shown, so that what floats over the page (the caption strip, audio.css) starts
 * beside the sidebar instead of covering its links.
 */
export const SIDEBAR_WIDTH_PROPERTY = '--shell-sidebar-width';

/** The accessible name of the preset width buttons. */
export const WIDTH_PRESETS_LABEL = 'Sidebar width';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The sidebar width, restored from localStorage within bounds and saved on change (§4.10). */
export function useSidebarWidth(): [number, (width: number) => void] {
  const [width, setWidthState] = useState(() => readSidebarWidth(storage()));
  const setWidth = useCallback((next: number) => {
    const clamped = clampSidebarWidth(next);
    setWidthState(clamped);
    writeSidebarWidth(storage(), clamped);
  }, []);
  return [width, setWidth];
}

/** The logo, product title and grouped links, shared by the desktop sidebar and the overlay. */
function SidebarContent({ me, onNavigate }: { me: MeResponse; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const groups: NavGroup[] = navGroupsFor(me);
  const moreToCome = menuStillBeingBuilt(me);
  return (
    <>
      <div className="sidebar__brand">
        <SparkyLogo size={40} />
        <span className="sidebar__title">Sparky Reads</span>
      </div>
      <nav aria-label={SIDEBAR_NAV_LABEL} className="sidebar__nav">
        {/* Each group is a list named by its title: not a region landmark, and no heading above the
            page's h1 (issue 17, item 12). */}
        {groups.map((group) => (
          <div key={group.id} className="sidebar__group">
            <p id={`sidebar-group-${group.id}`} className="sidebar__group-title">
              {group.title}
            </p>
            <ul className="sidebar__list" aria-labelledby={`sidebar-group-${group.id}`}>
              {group.items.map((item) => (
                <li key={item.path}>
                  <Link
                    href={item.path}
                    variant="nav"
                    className={cx('sidebar__link', pathname === item.path && 'is-current')}
                    aria-current={pathname === item.path ? 'page' : undefined}
                    onPress={onNavigate}
                  >
                    <Icon name={navIcon(item.path)} size={22} className="sidebar__icon" />
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {moreToCome ? (
          <p className="sidebar__note">
            More reading activities are being built. They will appear here as they are ready.
          </p>
        ) : null}
      </nav>
    </>
  );
}

/** Props of {@link Sidebar}. */
export interface SidebarProps {
  /** The current user; nothing is drawn without one (§2.4). */
  me: MeResponse | null | undefined;
  width: number;
  onWidthChange: (width: number) => void;
}

/**
 * The desktop sidebar (spec §2.4, §4.10): logo, title and the user's groups of links, resizable
 * by dragging its edge between 200 and 480 px, with the arrow keys on the handle (a focusable
 * `separator` with aria-valuenow), or with one press on a preset width (Narrow, Standard, Wide:
 * WCAG 2.5.7, and Tab plus Enter for switch users). Renders nothing while there is no user.
 */
export function Sidebar({ me, width, onWidthChange }: SidebarProps) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const shown = Boolean(me);
  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement.style;
    root.setProperty(SIDEBAR_WIDTH_PROPERTY, `${width}px`);
    return () => {
      root.removeProperty(SIDEBAR_WIDTH_PROPERTY);
    };
  }, [shown, width]);
  if (!me) return null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onWidthChange(drag.current.startWidth + (event.clientX - drag.current.startX));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthAfterKey(width, event.key);
    if (next === null) return;
    event.preventDefault();
    onWidthChange(next);
  };

  return (
    <aside className="sidebar" style={{ width }} aria-label="Sidebar navigation">
      <SidebarContent me={me} />
      <div role="group" aria-labelledby="sidebar-width-label" className="sidebar__widths">
        <span id="sidebar-width-label" className="sidebar__widths-label">
          {WIDTH_PRESETS_LABEL}
        </span>
        <div className="sidebar__widths-buttons">
          {SIDEBAR_PRESETS.map((preset) => (
            <Button
              key={preset.label}
              variant="quiet"
              className="sidebar__width-button"
              aria-pressed={width === preset.width}
              onPress={() => onWidthChange(preset.width)}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={RESIZE_LABEL}
        aria-valuenow={width}
        aria-valuemin={SIDEBAR_MIN_WIDTH}
        aria-valuemax={SIDEBAR_MAX_WIDTH}
        aria-valuetext={`${width} pixels wide`}
        tabIndex={0}
        className="sidebar__resizer"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      />
    </aside>
  );
}

/** About Us and Sign Out, in the phone menu. */
function MenuAccount({ onNavigate, signOutCall }: { onNavigate: () => void; signOutCall?: typeof signOut }) {
  const { signOut: onSignOut, signingOut } = useSignOut(signOutCall);
  return (
    <div className="sidebar__account">
      <Link href={publicPaths.about} variant="nav" onPress={onNavigate}>
        About Us
      </Link>
      <Button variant="secondary" onPress={() => void onSignOut()} isPending={signingOut}>
        Sign Out
      </Button>
    </div>
  );
}

/** Props of {@link MobileSidebar}. */
export interface MobileSidebarProps {
  me: MeResponse | null | undefined;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Sign out; defaults to better-auth's. Tests pass a fake. */
  signOutCall?: typeof signOut;
}

/**
 * The sidebar below 768 px (spec §2.4, §9): a 320 px overlay over a dark backdrop, opened by the
 * header's menu button. The backdrop, Escape, the close button or following a link close it;
 * focus stays inside while it is open and returns to the menu button after (react-aria Modal).
 * About Us and Sign Out live here on a phone, not in the header (issue 17, item 15).
 */
export function MobileSidebar({ me, isOpen, onOpenChange, signOutCall }: MobileSidebarProps) {
  if (!me) return null;
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="sidebar-overlay">
      <Modal className="sidebar sidebar--overlay">
        <Dialog aria-labelledby="mobile-menu-title" className="sidebar__dialog">
          <div className="sidebar__overlay-head">
            <Heading slot="title" id="mobile-menu-title" className="visually-hidden">
              Menu
            </Heading>
            <Button variant="quiet" onPress={() => onOpenChange(false)} className="sidebar__close">
              Close menu
            </Button>
          </div>
          <SidebarContent me={me} onNavigate={() => onOpenChange(false)} />
          <MenuAccount onNavigate={() => onOpenChange(false)} signOutCall={signOutCall} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
