import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Copyright } from './copyright';
import { PublicHeader } from './public-header';
import classes from './public-layout.module.css';

/** Layout of the screens open before sign-in (login, password reset). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={classes.page}>
      <PublicHeader />
      <main className={classes.main}>{children ?? <Outlet />}</main>
      <footer className={classes.footer}>
        <Copyright />
      </footer>
    </div>
  );
}
