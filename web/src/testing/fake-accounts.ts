import { type FakeServer, json } from './fake-server';

// The portal's answers for one account, as the server contract describes them, so that a component
// test can walk the whole sign-in flow against the fake server.

export const TEST_PASSWORD = 'Passw0rd!';

export interface FakeCustomer {
  code: number;
  name: string;
  corporateCode: number;
  corporateName: string;
}

export const FAKE_CUSTOMERS: Record<number, FakeCustomer> = {
  10001: {
    code: 10001,
    name: '株式会社東和ルーフ 本社',
    corporateCode: 1001,
    corporateName: '株式会社東和ルーフ',
  },
  10002: {
    code: 10002,
    name: '株式会社東和ルーフ 関西営業所',
    corporateCode: 1001,
    corporateName: '株式会社東和ルーフ',
  },
  20001: {
    code: 20001,
    name: '有限会社北斗板金工業',
    corporateCode: 2001,
    corporateName: '有限会社北斗板金工業',
  },
  99999: {
    code: 99999,
    name: '株式会社ミナト金属工業 (社内)',
    corporateCode: 9999,
    corporateName: '株式会社ミナト金属工業',
  },
};

export interface FakeAccount {
  uid: string;
  mail: string;
  userName: string;
  userTypeId: number;
  /** What get-all-customers answers. */
  customerCodes: number[];
}

export const FAKE_ACCOUNTS = {
  user: {
    uid: 'uid-user',
    mail: 'user@example.com',
    userName: '鈴木 花子',
    userTypeId: 2,
    customerCodes: [10001],
  },
  multi: {
    uid: 'uid-multi',
    mail: 'multi@example.com',
    userName: '高橋 誠',
    userTypeId: 2,
    customerCodes: [10001, 10002],
  },
  staff: {
    uid: 'uid-staff',
    mail: 'staff@example.com',
    userName: '港 健一',
    userTypeId: 3,
    customerCodes: [10001, 10002, 20001, 99999],
  },
} satisfies Record<string, FakeAccount>;

const USER_TYPE_NAMES: Record<number, string> = {
  1: '管理者',
  2: '一般ユーザー',
  3: 'スーパー管理者',
};

function customerOf(code: unknown): FakeCustomer | undefined {
  return FAKE_CUSTOMERS[Number(code)];
}

/** Registers every route of the sign-in flow for the account on the fake server. */
export function serveAccount(server: FakeServer, account: FakeAccount): FakeServer {
  return server
    .on('POST /api/v1/user/check-account-lock', () => json(200, { account_lock_flag: false }))
    .on('POST /api/auth/sign-in/email', ({ body }) => {
      const { email, password } = body as { email: string; password: string };
      if (email !== account.mail || password !== TEST_PASSWORD) {
        return json(401, {
          code: 'INVALID_EMAIL_OR_PASSWORD',
          message: 'Invalid email or password',
        });
      }
      server.identity = { id: account.uid, email: account.mail };
      return json(200, {
        token: 'session-token',
        user: { id: account.uid, email: account.mail, emailVerified: true, name: account.userName },
      });
    })
    .on('POST /api/v1/user/get-all-customers', () => json(200, account.customerCodes))
    .on('POST /api/v1/user/get-firebase-user-by-id', ({ body }) => {
      const { customer_code } = body as { customer_code: number };
      return json(200, [
        {
          id: 100 + customer_code,
          mail: account.mail,
          user_name: account.userName,
          customer_code,
          user_type_id: account.userTypeId,
          user_type_name: USER_TYPE_NAMES[account.userTypeId] ?? '管理者',
          firebase_uid: account.uid,
          account_lock_date: null,
          delete_flag: false,
          created_at: '2025-01-06T09:00:00.000Z',
          updated_at: '2025-01-06T09:00:00.000Z',
        },
      ]);
    })
    .on('GET /api/v1/spec/convert-from-customer-code-to-customer-name', ({ query }) => {
      const customer = customerOf(query.get('customer_code'));
      return customer
        ? json(200, { customer_name: customer.name })
        : json(404, { code: 'NOT_FOUND' });
    })
    .on('GET /api/v1/spec/convert-from-customer-code-to-coporation-code', ({ query }) => {
      const customer = customerOf(query.get('customer_code'));
      return customer
        ? json(200, { coporate_code: customer.corporateCode })
        : json(404, { code: 'NOT_FOUND' });
    })
    .on('GET /api/v1/spec/convert-from-coporation-code-to-coporation-name', ({ query }) => {
      const customer = Object.values(FAKE_CUSTOMERS).find(
        (c) => c.corporateCode === Number(query.get('coporate_code')),
      );
      return customer
        ? json(200, { coporate_name: customer.corporateName })
        : json(404, { code: 'NOT_FOUND' });
    })
    .on('GET /api/v1/spec/get-customer-code-list', ({ query }) =>
      json(
        200,
        Object.fromEntries(
          Object.values(FAKE_CUSTOMERS)
            .filter((c) => c.corporateCode === Number(query.get('coporate_code')))
            .map((c) => [String(c.code), c.name]),
        ),
      ),
    );
}
