import type { ReactNode } from 'react';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import surface from '../../components/surface.module.css';
import styles from './highlights.module.css';

interface Highlight {
  title: string;
  text: string;
  icon: ReactNode;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path
      d={path}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

const HIGHLIGHTS: Highlight[] = [
  {
    title: 'Three-year warranty',
    text: 'Every motor, gearbox and battery is covered for three years of professional use.',
    icon: icon('M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3z M9 12l2 2 4-4'),
  },
  {
    title: 'Factory prices by the box',
    text: 'Minimum orders keep our prices low: no middlemen between our line and your van.',
    icon: icon('M3 7l9-4 9 4-9 4-9-4z M3 7v10l9 4 9-4V7 M12 11v10'),
  },
  {
    title: 'Dispatched in 48 hours',
    text: 'Orders paid before 2 pm leave our warehouse within two working days, tracked.',
    icon: icon('M3 6h11v9H3z M14 9h4l3 3v3h-7z M7 18a2 2 0 1 0 0-.01 M17 18a2 2 0 1 0 0-.01'),
  },
  {
    title: 'Engineers on the phone',
    text: 'Questions about torque, blades or batteries? Talk to the people who designed the tool.',
    icon: icon('M4 13a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-1v-6h3 M4 13v4a2 2 0 0 0 2 2h1v-6H4'),
  },
];

/** Why buy from us: the feature cards of the home page. */
export function Highlights() {
  return (
    <section className={styles.section} aria-labelledby="highlights-title">
      <SectionHeading
        id="highlights-title"
        eyebrow="Why Toolshop"
        title="Why workshops choose Toolshop"
      />
      <CardGrid min="15rem">
        {HIGHLIGHTS.map((item) => (
          <li key={item.title} className={`${surface.card} ${styles.card}`}>
            <span className={styles.icon}>{item.icon}</span>
            <h3 className={styles.cardTitle}>{item.title}</h3>
            <p className={styles.text}>{item.text}</p>
          </li>
        ))}
      </CardGrid>
    </section>
  );
}
