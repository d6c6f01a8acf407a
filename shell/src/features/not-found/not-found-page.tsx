import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Messages } from '@toolshop/contracts';
import { Button, Dialog, useDocumentTitle } from '@toolshop/ui';
import styles from './not-found-page.module.css';

/** Any unknown path: the 404 dialog over the 'Page Doesn't Exist' hero (SPEC §2). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  useDocumentTitle(Messages.notFoundHero);
  return (
    <>
      <section className={styles.hero}>
        <h1>{Messages.notFoundHero}</h1>
      </section>
      <Dialog
        open={open}
        title={Messages.notFoundTitle}
        onClose={() => setOpen(false)}
        actions={<Button onClick={() => navigate('/')}>{Messages.notFoundButton}</Button>}
      >
        <p>{Messages.notFoundText}</p>
      </Dialog>
    </>
  );
}
