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

export function buildTheme(dark: boolean): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      motion: !prefersReducedMotion(),
      colorPrimary: brand.primary,
      colorSuccess: brand.success,
      colorError: brand.error,
      colorWarning: brand.accent,
      borderRadius: 10,
      fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: dark
        ? { headerBg: '#141414', siderBg: '#141414', bodyBg: '#0b0b0b' }
        : { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7f9' },
      Menu: { itemBorderRadius: 8, itemSelectedBg: dark ? 'rgba(45,212,191,0.16)' : '#ccfbf1', itemSelectedColor: dark ? '#5eead4' : '#0f766e' },
    },
  };
}
