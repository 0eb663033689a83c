// PostCSS plugin (postcss.config.cjs): drops the rules of Mantine's dark colour scheme. The web app
// has the light scheme only (MantineProvider defaultColorScheme="light", index.html's color-scheme),
// so those rules never apply; without them every screen's first load is smaller (decision 013).
const DARK = /data-mantine-color-scheme=['"]?dark/;

module.exports = () => ({
  postcssPlugin: 'light-only',
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((selector) => !DARK.test(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
});
module.exports.postcss = true;
