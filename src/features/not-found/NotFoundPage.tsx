import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { NOT_FOUND_GUIDANCE } from './not-found.guidance.ts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { publicPaths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { logNotFound } from './log-not-found.ts';
import './not-found.css';

/**
 * The not-found page (spec §2.1): 'Oops! Page not found', the address that was tried, and a
 * 'Return to Home' link. The attempted path is logged once per visit.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  usePageGuidance(NOT_FOUND_GUIDANCE);
  const location = useLocation();
  const path = `${location.pathname}${location.search}${location.hash}`;
  const lastLogged = useRef<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice in development: log each path once.
    if (lastLogged.current === location.key) return;
    lastLogged.current = location.key;
    logNotFound(path);
  }, [location.key, path]);

  return (
    <div className="container not-found">
      <SparkyLogo size={120} className="not-found__sparky" />
      <h1>Oops! Page not found</h1>
      <p className="not-found__text">
        We looked everywhere but could not find the page{' '}
        <code className="not-found__path">{location.pathname}</code>.
      </p>
      <Link href={publicPaths.landing} variant="primary">
        Return to Home
      </Link>
    </div>
  );
}
