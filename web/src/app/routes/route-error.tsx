import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../hooks/use-page-title';
import classes from './route-error.module.css';

/**
 * Router fallback page (docs/product.md §8); the text is the spec's, word for word, and the tab
 * says エラー instead of the failed screen's name.
 */
export function RouteError() {
  usePageTitle(paths.routeError.pageName);
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>Unexpected Application Error!</h1>
    </div>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  location: Location;
}

/** Shows RouteError in place of the routes once one fails, until the location changes. */
class RouteErrorCatcher extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Another location is another try, as with the data router's error boundary (a screen whose
  // chunk failed to load stays failed until a reload: lazyScreen keeps the failure).
  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The routes' error boundary: a screen that throws while rendering, or whose chunk fails to load
 * (an old tab after a deploy), shows RouteError. React logs the error (console.error).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <RouteErrorCatcher location={useLocation()}>{children}</RouteErrorCatcher>;
}
