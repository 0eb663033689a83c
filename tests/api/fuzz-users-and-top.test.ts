import { describeFuzz } from './helpers/fuzz';

describeFuzz(
  'fuzzing the user, managers, notice and banner routes from their schemas',
  'usersAndTop',
);
