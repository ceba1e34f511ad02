import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scrolls to the top on every route change (seed). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
