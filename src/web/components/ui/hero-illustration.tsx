/** A monitor and a laptop, drawn inline: decorative, nothing is fetched. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 260" className={className} aria-hidden="true" focusable="false">
      <rect x="60" y="20" width="260" height="160" rx="10" fill="#0a2f39" stroke="#6bb8c4" strokeWidth="3" />
      <rect x="74" y="34" width="232" height="132" rx="4" fill="#156778" />
      <path d="M74 140 140 80l40 40 30-24 96 70H74z" fill="#1f8091" />
      <circle cx="250" cy="70" r="16" fill="#f4b942" />
      <rect x="175" y="180" width="30" height="28" fill="#0a2f39" />
      <rect x="140" y="206" width="100" height="10" rx="5" fill="#0a2f39" stroke="#6bb8c4" strokeWidth="2" />
      <rect x="10" y="128" width="170" height="104" rx="8" fill="#0c3d4a" stroke="#a2d5dd" strokeWidth="3" />
      <rect x="22" y="140" width="146" height="80" rx="3" fill="#ecf7f8" />
      <rect x="34" y="152" width="70" height="8" rx="4" fill="#156778" />
      <rect x="34" y="168" width="110" height="6" rx="3" fill="#a2d5dd" />
      <rect x="34" y="180" width="96" height="6" rx="3" fill="#a2d5dd" />
      <rect x="34" y="196" width="48" height="14" rx="4" fill="#f4b942" />
      <path d="M0 232h190l-12 14H12z" fill="#0a2f39" stroke="#a2d5dd" strokeWidth="2" />
    </svg>
  );
}
