import classes from './route-error.module.css';

/** Router fallback page (docs/product.md §8); the text is the spec's, word for word. */
export function RouteError() {
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>Unexpected Application Error!</h1>
    </div>
  );
}
