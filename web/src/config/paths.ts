/** Routes of docs/product.md §2 with the page names used in document titles and headings. */
export const paths = {
  home: { path: '/', pageName: 'ログイン' },
  login: { path: '/login', pageName: 'ログイン' },
  loginTenant: { path: '/login-tenant', pageName: 'ログイン先の選択' },
  mailResetPassword: { path: '/mail-reset-password', pageName: 'パスワード再設定' },
  mailSendComplete: { path: '/mail-send-complete', pageName: 'メール送信完了' },
  /** Where the reset mail's link lands (?token=… or ?error=INVALID_TOKEN). */
  resetPassword: { path: '/reset-password', pageName: '新しいパスワードの設定' },
  /** Staff without a second factor enrol here before anything else. */
  secondFactorSetup: { path: '/second-factor-setup', pageName: '2段階認証の設定' },
  top: { path: '/top', pageName: 'TOP' },
  orders: { path: '/orders', pageName: '注文一覧' },
  sharedFiles: { path: '/shared-files', pageName: '共有ファイル' },
  /** Invoices, shipping notices and delivery slips as records (docs/decisions/030). */
  documents: { path: '/documents', pageName: '帳票一覧' },
  /** The signed-in person's own account (every signed-in user). */
  account: { path: '/account', pageName: 'アカウント設定' },
  managers: { path: '/managers', pageName: 'ユーザー管理' },
  editTop: { path: '/edit-top', pageName: 'トップページ編集' },
  /** The audit view, staff and corporate administrators. */
  audit: { path: '/audit', pageName: '操作履歴' },
  /** Requests about order lines and their threads (decision 032): every signed-in user. */
  inquiries: { path: '/inquiries', pageName: 'お問い合わせ' },
  permissionDenied: { path: '/permission-denied', pageName: 'アクセス権限がありません' },
  header: { path: '/header', pageName: 'ヘッダー' },
  /** The router's fallback page (docs/product.md §8): not a route, a title only. */
  routeError: { pageName: 'エラー' },
} as const;
