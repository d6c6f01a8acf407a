import { PROFILE } from './profile';
import { SectionHeading } from '../../components/section-heading';
import { CardGrid } from '../../components/card-grid';
import surface from '../../components/surface.module.css';
import styles from './portfolio.module.css';

const initials = PROFILE.name
  .split(' ')
  .map((part) => part[0])
  .join('');

/** The static personal page: who, skills, projects and contact. */
export function Portfolio() {
  return (
    <div className={styles.page}>
      <section className={styles.intro} aria-labelledby="portfolio-name">
        <div className={styles.avatar} aria-hidden="true">
          {initials}
        </div>
        <div>
          <SectionHeading
            id="portfolio-name"
            level={1}
            eyebrow={PROFILE.role}
            title={PROFILE.name}
            lead={PROFILE.location}
          />
          {PROFILE.about.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className={styles.about}>
              {paragraph}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby="skills-title">
        <h2 id="skills-title" className={styles.heading}>
          Skills
        </h2>
        <CardGrid min="20rem" className={styles.skills}>
          {PROFILE.skills.map((skill) => (
            <li key={skill.name} className={styles.skill}>
              <span className={styles.skillName}>{skill.name}</span>
              <span
                className={styles.meter}
                role="meter"
                aria-label={skill.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={skill.level}
              >
                {/* Its width an attribute, not an inline style: the page is prerendered (strict CSP). */}
                <svg
                  className={styles.meterFill}
                  width={`${skill.level}%`}
                  aria-hidden="true"
                  focusable="false"
                />
              </span>
            </li>
          ))}
        </CardGrid>
      </section>

      <section aria-labelledby="projects-title">
        <h2 id="projects-title" className={styles.heading}>
          Projects
        </h2>
        <CardGrid min="18rem">
          {PROFILE.projects.map((project) => (
            <li key={project.name} className={`${surface.card} ${styles.project}`}>
              <h3 className={styles.projectName}>{project.name}</h3>
              <p className={styles.projectSummary}>{project.summary}</p>
              <ul className={styles.stack} aria-label={`${project.name} technologies`}>
                {project.stack.map((tech) => (
                  <li key={tech}>{tech}</li>
                ))}
              </ul>
            </li>
          ))}
        </CardGrid>
      </section>

      <section className={styles.contact} aria-labelledby="contact-title">
        <h2 id="contact-title" className={styles.heading}>
          Contact
        </h2>
        <p>
          Have a project in mind or a question about this shop? I answer every email within a day.
        </p>
        <a className={styles.mail} href={`mailto:${PROFILE.email}`}>
          {PROFILE.email}
        </a>
      </section>
    </div>
  );
}
