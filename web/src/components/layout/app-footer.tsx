import { canEditTop, canOpenManagers } from '@domain/user-type';
import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import classes from './app-footer.module.css';
import { Copyright } from './copyright';

/** docs/product.md §2: /managers for every user type except 2, /edit-top only for type 3. */
export function AppFooter() {
  const { userInfo } = useSession();
  const showManagers = userInfo !== null && canOpenManagers(userInfo.userTypeId);
  const showEditTop = userInfo !== null && canEditTop(userInfo.userTypeId);
  return (
    <footer className={classes.footer}>
      <Stack gap="xs" align="center">
        {(showManagers || showEditTop) && (
          <Group gap="lg" justify="center" component="nav" aria-label="管理メニュー">
            {showManagers && (
              <Anchor component={Link} to={paths.managers.path} size="sm">
                {paths.managers.pageName}
              </Anchor>
            )}
            {showEditTop && (
              <Anchor component={Link} to={paths.editTop.path} size="sm">
                {paths.editTop.pageName}
              </Anchor>
            )}
          </Group>
        )}
        <Copyright />
      </Stack>
    </footer>
  );
}
