import { theme, type ThemeConfig } from 'antd';

export const brand = {
  primary: '#0f766e', // teal: calm, clinical
  accent: '#f59e0b',
  success: '#16a34a',
  error: '#dc2626',
  sidebarWidth: 256, // contract: 64 units (16 px each)
};

/** People who ask their system for reduced motion get no antd animations (WCAG 2.3.3). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Text colours that keep WCAG 2.2 AA contrast (4.5:1 for normal text) on every surface we draw: white and the
 * page background #f5f7f9 in light, #141414 and #0b0b0b in dark. antd's defaults do not (secondary text
 * rgba(0,0,0,0.45) is 3.36:1 on white, placeholders 1.83:1, dark teal links 3.36:1, dark danger text 3.03:1).
 * Disabled text keeps antd's colour: WCAG exempts inactive controls. The public pages mirror these in styles.css.
 */
export const readableText = {
  light: {
    secondary: 'rgba(0,0,0,0.65)', // #595959: 7.0:1 on white, 6.5:1 on #f5f7f9
    placeholder: 'rgba(0,0,0,0.56)', // #707070: 4.95:1 on white
    link: brand.primary, // 5.5:1 on white
    linkHover: '#115e59',
  },
  dark: {
    secondary: 'rgba(255,255,255,0.65)', // 8.9:1 on #141414
    placeholder: 'rgba(255,255,255,0.5)', // 5.3:1 on #141414
    link: '#2dd4bf', // teal-400: 9.6:1 on #141414
    linkHover: '#5eead4',
    danger: '#ff7875', // 6.5:1 on #141414; antd's derived #be2323 was 3.03:1
  },
};

/**
 * Status tags: antd draws a preset tag's text in the palette's 7th shade, under 4.5:1 on the tag's own tint in
 * light mode for gold (2.75:1), green, orange and cyan (3.3-3.4:1). The Tag's tokens take the 9th shade there
 * (6-8:1); the dark palette already passes.
 */
const READABLE_TAGS_LIGHT = {
  gold7: '#874d00',
  green7: '#135200',
  orange7: '#873800',
  cyan7: '#00474f',
  blue7: '#003eb3',
  red7: '#a8071a',
  volcano7: '#871400',
  purple7: '#22075e',
  magenta7: '#780650',
  lime7: '#3f6600',
  geekblue7: '#061178',
  yellow7: '#614700',
  colorInfo: '#003eb3', // the 'processing' tag
} as const;

/**
 * Dark mode: the purple tag's text (#854eca) is 3.38:1 on its own tint; the 9th shade reads 6:1 and more. The
 * 'processing' tag (a ticket in progress) drew #1668dc on #111a2c, 3.35:1; antd's light blue reads over 7:1.
 */
const READABLE_TAGS_DARK = { purple7: '#b37feb', magenta7: '#e0529c', geekblue7: '#8dadff', colorInfo: '#69b1ff' } as const;

export function buildTheme(dark: boolean): ThemeConfig {
  const text = dark ? readableText.dark : readableText.light;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      motion: !prefersReducedMotion(),
      colorPrimary: brand.primary,
      colorSuccess: brand.success,
      colorError: brand.error,
      colorWarning: brand.accent,
      colorTextSecondary: text.secondary,
      colorTextTertiary: text.secondary,
      colorTextDescription: text.secondary,
      colorTextPlaceholder: text.placeholder,
      colorLink: text.link,
      colorLinkHover: text.linkHover,
      colorLinkActive: text.linkHover,
      borderRadius: 10,
      fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: dark
        ? { headerBg: '#141414', siderBg: '#141414', bodyBg: '#0b0b0b' }
        : { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7f9' },
      Menu: { itemBorderRadius: 8, itemSelectedBg: dark ? 'rgba(45,212,191,0.16)' : '#ccfbf1', itemSelectedColor: dark ? '#5eead4' : '#0f766e' },
      // The chosen tab's teal: antd's dark variant of the primary colour is 2.9:1 on the dark page.
      ...(dark ? { Tabs: { itemSelectedColor: readableText.dark.link, itemHoverColor: readableText.dark.linkHover, itemActiveColor: readableText.dark.linkHover, inkBarColor: readableText.dark.link } } : {}),
      // Error text in dark mode (a field's message, danger text): antd's derived red is 3.03:1 on #141414.
      ...(dark ? { Form: { colorError: readableText.dark.danger }, Typography: { colorError: readableText.dark.danger } } : {}),
      // Danger buttons in dark mode: a lighter red, with dark text on the filled (primary) kind.
      ...(dark ? { Button: { colorError: readableText.dark.danger, colorErrorHover: '#ffa39e', colorErrorActive: '#ff4d4f', dangerColor: '#141414' } } : {}),
      ...(dark ? { Tag: READABLE_TAGS_DARK } : { Tag: READABLE_TAGS_LIGHT }),
    },
  };
}
