import { CATEGORY_PLURALS, type Category } from '~/shared/constants';
import { paths } from '~/shared/paths';

export const MAIN_NAV = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: paths.about },
  { label: 'Contact', to: paths.contact },
] as const;

export const CATEGORY_LABELS: Record<Category, string> = CATEGORY_PLURALS;
