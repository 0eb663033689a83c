import { describeFuzz } from './helpers/fuzz';

describeFuzz(
  'fuzzing the order, document and shared-file routes from their schemas',
  'ordersAndFiles',
);
