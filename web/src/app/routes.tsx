import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { type RouteAccess, RouteGuard } from './route-guard';
import { lazyScreen } from './route-tree';
import { AppRoot } from './routes/app-root';

// Every screen is its own chunk (lazyScreen), so the login screen loads none of the signed-in code.
const LoginScreen = lazyScreen(
  async () => (await import('../features/auth/components/login-page')).LoginPage,
);

/**
 * A screen that reads or writes through TanStack Query: loaded (lazyScreen) with the query client
 * around it (query-provider.tsx). Every screen but the login screen, whose first load goes without
 * it (decision 013, size budgets); the signed-in layout brings it to every screen inside it.
 */
const withQueries = (load: () => Promise<ComponentType>): ComponentType =>
  lazyScreen(async () => {
    const [Screen, { QueryProvider }] = await Promise.all([load(), import('./query-provider')]);
    return () => (
      <QueryProvider>
        <Screen />
      </QueryProvider>
    );
  });

/**
 * The signed-in layout, made once per route that shows it: a move between the two guarded groups
 * below mounts it afresh, as it always has.
 */
const appLayout = () =>
  withQueries(async () => (await import('../components/layout/app-layout')).AppLayout);

/** docs/product.md §2: the routes below admit only the people their access class admits. */
const guarded = (access: RouteAccess, children: RouteObject[]): RouteObject => ({
  element: <RouteGuard access={access} />,
  children,
});

/** The routes of docs/product.md §2 with their access classes. */
export const routes: RouteObject[] = [
  {
    // The error boundary and the wait for the lazy screens are around this tree (route-tree.tsx).
    Component: AppRoot,
    children: [
      {
        Component: lazyScreen(
          async () => (await import('../components/layout/public-layout')).PublicLayout,
        ),
        children: [
          guarded('public', [
            { index: true, Component: LoginScreen },
            { path: paths.login.path, Component: LoginScreen },
            {
              path: paths.mailResetPassword.path,
              Component: withQueries(
                async () =>
                  (await import('../features/auth/components/mail-reset-password-page'))
                    .MailResetPasswordPage,
              ),
            },
            {
              path: paths.mailSendComplete.path,
              Component: withQueries(
                async () =>
                  (await import('../features/auth/components/mail-send-complete-page'))
                    .MailSendCompletePage,
              ),
            },
            {
              path: paths.resetPassword.path,
              Component: withQueries(
                async () =>
                  (await import('../features/auth/components/reset-password-page'))
                    .ResetPasswordPage,
              ),
            },
            // The second factor's enrolment, reached from the sign-in only (the server
            // decides whether the session may enrol; nothing else opens until it has).
            {
              path: paths.secondFactorSetup.path,
              Component: lazyScreen(
                async () =>
                  (await import('../features/auth/components/second-factor-setup-page'))
                    .SecondFactorSetupPage,
              ),
            },
            // docs/product.md §2: unknown paths show the login screen.
            { path: '*', Component: LoginScreen },
          ]),
          guarded('tenant', [
            {
              path: paths.loginTenant.path,
              Component: withQueries(
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
          Component: appLayout(),
          children: [
            {
              path: paths.top.path,
              Component: lazyScreen(
                async () => (await import('../features/top/components/top-page')).TopPage,
              ),
            },
            {
              path: paths.orders.path,
              Component: lazyScreen(
                async () => (await import('../features/orders/components/orders-page')).OrdersPage,
              ),
            },
            {
              path: paths.sharedFiles.path,
              Component: lazyScreen(
                async () =>
                  (await import('../features/shared-files/components/shared-files-page'))
                    .SharedFilesPage,
              ),
            },
            {
              path: paths.documents.path,
              Component: lazyScreen(
                async () =>
                  (await import('../features/documents/components/documents-page')).DocumentsPage,
              ),
            },
            {
              path: paths.account.path,
              Component: lazyScreen(
                async () =>
                  (await import('../features/account/components/account-page')).AccountPage,
              ),
            },
            // Requests about order lines (decision 032): the server decides whose.
            ...[paths.inquiries.path, `${paths.inquiries.path}/:id`].map((path) => ({
              path,
              Component: lazyScreen(
                async () =>
                  (await import('../features/inquiries/components/inquiries-page')).InquiriesPage,
              ),
            })),
            guarded('restricted', [
              {
                path: paths.managers.path,
                Component: lazyScreen(
                  async () =>
                    (await import('../features/managers/components/managers-page')).ManagersPage,
                ),
              },
              // Staff and corporate administrators (the server decides which events).
              {
                path: paths.audit.path,
                Component: lazyScreen(
                  async () => (await import('../features/audit/components/audit-page')).AuditPage,
                ),
              },
            ]),
            guarded('staff-only', [
              {
                path: paths.editTop.path,
                Component: lazyScreen(
                  async () =>
                    (await import('../features/edit-top/components/edit-top-page')).EditTopPage,
                ),
              },
            ]),
          ],
        },
      ]),
      // Where a guard sends a signed-in user who lacks the permission; anyone else signs in first.
      guarded('private', [
        {
          Component: appLayout(),
          children: [
            {
              path: paths.permissionDenied.path,
              Component: lazyScreen(
                async () => (await import('./routes/permission-denied')).PermissionDenied,
              ),
            },
          ],
        },
      ]),
      {
        // docs/product.md §2: the fallback when the user data is missing, so it needs none.
        path: paths.header.path,
        Component: withQueries(async () => (await import('./routes/header-only')).HeaderOnly),
      },
    ],
  },
];
