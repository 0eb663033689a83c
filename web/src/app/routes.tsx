import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { type RouteAccess, RouteGuard } from './route-guard';
import { AppRoot } from './routes/app-root';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk, so the login screen loads none of the signed-in code.
const loginScreen = async () => ({
  Component: (await import('../features/auth/components/login-page')).LoginPage,
});

/**
 * A screen that reads or writes through TanStack Query: loaded with the query client around it
 * (query-provider.tsx). Every screen but the login screen, whose first load goes without it
 * (decision 013, size budgets); the signed-in layout brings it to every screen inside it.
 */
const withQueries =
  (load: () => Promise<ComponentType>) => async (): Promise<{ Component: ComponentType }> => {
    const [Screen, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    return {
      Component: () => (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      ),
    };
  };

const appLayout = withQueries(
  async () => (await import('../components/layout/app-layout')).AppLayout,
);

/** docs/product.md §2: the routes below admit only the people their access class admits. */
const guarded = (access: RouteAccess, children: RouteObject[]): RouteObject => ({
  element: <RouteGuard access={access} />,
  children,
});

/** The routes of docs/product.md §2 with their access classes. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RouteError,
    // Screens load lazily; until the first one has loaded there is nothing to show.
    HydrateFallback: () => null,
    children: [
      {
        lazy: async () => ({
          Component: (await import('../components/layout/public-layout')).PublicLayout,
        }),
        children: [
          guarded('public', [
            { index: true, lazy: loginScreen },
            { path: paths.login.path, lazy: loginScreen },
            {
              path: paths.mailResetPassword.path,
              lazy: withQueries(
                async () =>
                  (await import('../features/auth/components/mail-reset-password-page'))
                    .MailResetPasswordPage,
              ),
            },
            {
              path: paths.mailSendComplete.path,
              lazy: withQueries(
                async () =>
                  (await import('../features/auth/components/mail-send-complete-page'))
                    .MailSendCompletePage,
              ),
            },
            {
              path: paths.resetPassword.path,
              lazy: withQueries(
                async () =>
                  (await import('../features/auth/components/reset-password-page'))
                    .ResetPasswordPage,
              ),
            },
            // Issue 22: the second factor's enrolment, reached from the sign-in only (the server
            // decides whether the session may enrol; nothing else opens until it has).
            {
              path: paths.secondFactorSetup.path,
              lazy: async () => ({
                Component: (await import('../features/auth/components/second-factor-setup-page'))
                  .SecondFactorSetupPage,
              }),
            },
            // docs/product.md §2: unknown paths show the login screen.
            { path: '*', lazy: loginScreen },
          ]),
          guarded('tenant', [
            {
              path: paths.loginTenant.path,
              lazy: withQueries(
                async () =>
                  (await import('../features/auth/components/login-tenant-page')).LoginTenantPage,
              ),
            },
          ]),
        ],
      },
      // The signed-in layout sits inside the guard, so nothing of it shows while loading.
      guarded('private', [
        {
          lazy: appLayout,
          children: [
            {
              path: paths.top.path,
              lazy: async () => ({
                Component: (await import('../features/top/components/top-page')).TopPage,
              }),
            },
            {
              path: paths.orders.path,
              lazy: async () => ({
                Component: (await import('../features/orders/components/orders-page')).OrdersPage,
              }),
            },
            {
              path: paths.sharedFiles.path,
              lazy: async () => ({
                Component: (await import('../features/shared-files/components/shared-files-page'))
                  .SharedFilesPage,
              }),
            },
            {
              path: paths.account.path,
              lazy: async () => ({
                Component: (await import('../features/account/components/account-page'))
                  .AccountPage,
              }),
            },
            guarded('restricted', [
              {
                path: paths.managers.path,
                lazy: async () => ({
                  Component: (await import('../features/managers/components/managers-page'))
                    .ManagersPage,
                }),
              },
              // Issue 22: staff and corporate administrators (the server decides which events).
              {
                path: paths.audit.path,
                lazy: async () => ({
                  Component: (await import('../features/audit/components/audit-page')).AuditPage,
                }),
              },
            ]),
            guarded('staff-only', [
              {
                path: paths.editTop.path,
                lazy: async () => ({
                  Component: (await import('../features/edit-top/components/edit-top-page'))
                    .EditTopPage,
                }),
              },
            ]),
          ],
        },
      ]),
      // Where a guard sends a signed-in user who lacks the permission; anyone else signs in first.
      guarded('private', [
        {
          lazy: appLayout,
          children: [
            {
              path: paths.permissionDenied.path,
              lazy: async () => ({
                Component: (await import('./routes/permission-denied')).PermissionDenied,
              }),
            },
          ],
        },
      ]),
      {
        // docs/product.md §2: the fallback when the user data is missing, so it needs none.
        path: paths.header.path,
        lazy: withQueries(async () => (await import('./routes/header-only')).HeaderOnly),
      },
    ],
  },
];
