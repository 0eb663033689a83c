import type { FastifyInstance, FastifyReply } from 'fastify';
import { isValidUnsubscribeSignature, UNSUBSCRIBE_PATH } from '../services/shipment-mails';
import { turnOffShipmentMail } from '../services/turn-off-shipment-mail';

// The unsubscribe link of the shipment mails (docs/decisions/014). No sign-in: the HMAC signature
// (server secret, one purpose, one user row) is the only permission, and it permits one thing:
// turning that row's shipment mails off. GET shows a confirmation page and changes nothing (mail
// scanners follow links); POST makes the change, from the page's button or from a mail client's
// one-click unsubscribe (RFC 8058: "List-Unsubscribe=One-Click" posted to the same URL).

const INVALID_MESSAGE =
  'このリンクは無効です。メールに記載されたURLをそのまま開いてください。配信の設定はポータルのアカウント画面でも変更できます。';

function page(title: string, body: string, webTitle: string): string {
  const esc = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} | ${esc(webTitle)}</title>
<style>
body{font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;color:#212529;background:#f8f9fa;margin:0;padding:24px 16px;line-height:1.7}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 16px}
button{font:inherit;font-size:16px;min-height:44px;padding:8px 20px;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}
a{color:#1864ab}
</style>
</head>
<body><main><h1>${esc(title)}</h1>${body}</main></body>
</html>`;
}

/** u (a user row id) and s (its signature), or null when either is missing or malformed. */
function linkOf(query: unknown): { userId: number; signature: string } | null {
  const { u, s } = (query ?? {}) as { u?: unknown; s?: unknown };
  if (typeof u !== 'string' || !/^[1-9]\d{0,9}$/.test(u)) return null;
  if (typeof s !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(s)) return null;
  return { userId: Number(u), signature: s };
}

export async function mailUnsubscribeRoutes(app: FastifyInstance) {
  const { secret } = app.platform;
  const webTitle = app.config.WEB_TITLE;
  const html = (reply: FastifyReply, status: number, content: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(content);
  const invalid = (reply: FastifyReply) =>
    html(reply, 400, page('配信停止のリンクが無効です', `<p>${INVALID_MESSAGE}</p>`, webTitle));
  const valid = (query: unknown) => {
    const link = linkOf(query);
    return link && isValidUnsubscribeSignature(secret, link.userId, link.signature) ? link : null;
  };

  // The page's form and one-click clients post form data; its content is not needed.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, body),
    );
  }

  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const link = valid(request.query);
    if (!link) return invalid(reply);
    const action = `${UNSUBSCRIBE_PATH}?u=${link.userId}&s=${encodeURIComponent(link.signature)}`;
    return html(
      reply,
      200,
      page(
        '出荷のお知らせメールの配信停止',
        `<p>このメールアドレスへの出荷のお知らせメールを停止します。よろしければ「配信を停止する」を押してください。</p>
<form method="post" action="${action}"><button type="submit">配信を停止する</button></form>
<p>配信はポータルのアカウント画面からいつでも再開できます。</p>`,
        webTitle,
      ),
    );
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const link = valid(request.query);
    if (!link) return invalid(reply);
    const found = await turnOffShipmentMail({ db: app.db }, { userId: link.userId });
    request.log.info({ userId: link.userId, found }, 'shipment mails turned off by mail link');
    return html(
      reply,
      200,
      page(
        '配信を停止しました',
        `<p>出荷のお知らせメールの配信を停止しました。</p>
<p>配信はポータルのアカウント画面からいつでも再開できます。</p>
<p><a href="/">${webTitle.replace(/[&<>"']/g, '')}へ</a></p>`,
        webTitle,
      ),
    );
  });
}
