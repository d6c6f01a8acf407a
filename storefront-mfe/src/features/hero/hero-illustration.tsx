import styles from './hero.module.css';

/** A drawn cordless drill: decorative, inline (no request), and left out on narrow screens. */
export function HeroIllustration() {
  return (
    <svg
      className={styles.illustration}
      viewBox="0 0 420 340"
      width="420"
      height="340"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="210" cy="170" r="150" fill="rgb(245 158 11 / 10%)" />
      <circle cx="210" cy="170" r="105" fill="rgb(245 158 11 / 8%)" />
      <ellipse cx="200" cy="312" rx="130" ry="12" fill="rgb(0 0 0 / 35%)" />
      <path d="M150 150h62l-16 118h-62z" fill="#1e293b" />
      <path d="M162 162h36l-3 22h-36z" fill="#f59e0b" />
      <rect x="96" y="78" width="214" height="78" rx="39" fill="#f59e0b" />
      <rect x="96" y="78" width="214" height="30" rx="15" fill="#fbbf24" opacity="0.6" />
      <path
        d="M130 100v34M144 100v34M158 100v34"
        stroke="#b45309"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <rect x="306" y="92" width="44" height="50" rx="10" fill="#1e293b" />
      <rect x="348" y="108" width="62" height="18" rx="4" fill="#94a3b8" />
      <path d="M362 108v18M376 108v18M390 108v18" stroke="#64748b" strokeWidth="3" />
      <rect
        x="112"
        y="262"
        width="124"
        height="46"
        rx="10"
        fill="#0f172a"
        stroke="#334155"
        strokeWidth="3"
      />
      <rect x="128" y="278" width="26" height="8" rx="4" fill="#22c55e" />
      <rect x="160" y="278" width="26" height="8" rx="4" fill="#22c55e" />
      <rect x="192" y="278" width="26" height="8" rx="4" fill="#334155" />
    </svg>
  );
}
