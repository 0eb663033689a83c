// A short, readable name of the browser and system a User-Agent header names, for the sign-in
// history of the account page: "Chrome 131 / Windows", "Safari 18 / iPhone". Only the
// common browsers are told apart; anything else is "不明" for its part.

const UNKNOWN = '不明';

/** [name, pattern whose first group is the major version]; the first that matches wins. */
const BROWSERS: readonly [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly [string, RegExp][] = [
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
];

/** "Chrome 131 / Windows"; an empty or unknown header gives "不明" for the part it lacks. */
export function browserOf(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 1000);
  if (!ua.trim()) return UNKNOWN;
  let browser = UNKNOWN;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? UNKNOWN;
  if (browser === UNKNOWN && system === UNKNOWN) return UNKNOWN;
  return `${browser} / ${system}`;
}
