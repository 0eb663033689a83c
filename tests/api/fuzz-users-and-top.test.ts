import { describeFuzz } from './helpers/fuzz';

describeFuzz(
  'fuzzing the user, managers, notice, banner, account and audit routes from their schemas',
  'usersAndTop',
);
