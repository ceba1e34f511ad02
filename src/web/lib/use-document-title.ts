import { useEffect } from 'react';
import { SHOP } from '~/shared/constants';

/** Sets the tab title: "Page — Sahyadri Computers". */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} — ${SHOP.name}` : `${SHOP.name} — laptops, desktops and monitors across India`;
  }, [title]);
}
