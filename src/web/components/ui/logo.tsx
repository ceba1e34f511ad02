import { SHOP } from '~/shared/constants';

export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0f4c5c" />
      <path d="M6 22 13 10l4 7 3-4 6 9z" fill="#f4b942" />
      <rect x="6" y="23" width="20" height="2" rx="1" fill="#fff" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Logo />
      <span className="truncate text-base leading-tight font-bold text-brand-800 sm:text-lg">{SHOP.name}</span>
    </span>
  );
}
