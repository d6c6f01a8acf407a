import { Link } from 'react-router';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.logo}>Toolshop</p>
          <p className={styles.about}>
            Professional power tools, designed and assembled in our own factory since 1998.
          </p>
        </div>
        <nav aria-label="Footer" className={styles.column}>
          <h2 className={styles.heading}>Shop</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/blogs">Blogs</Link>
            </li>
            <li>
              <Link to="/portfolio">My Portfolio</Link>
            </li>
          </ul>
        </nav>
        <div className={styles.column}>
          <h2 className={styles.heading}>Contact</h2>
          <address className={styles.address}>
            Toolshop Manufacturing
            <br />
            42 Foundry Lane, Pittsburgh, PA 15222
            <br />
            <a href="tel:+14125550100">+1 (412) 555-0100</a>
            <br />
            <a href="mailto:sales@toolshop.example">sales@toolshop.example</a>
          </address>
        </div>
        <div className={styles.column}>
          <h2 className={styles.heading}>Opening hours</h2>
          <p>Mon–Fri 7:00–18:00</p>
          <p>Sat 8:00–13:00</p>
        </div>
      </div>
      <p className={styles.legal}>© {new Date().getFullYear()} Toolshop. All rights reserved.</p>
    </footer>
  );
}
