/**
 * @jest-environment node
 */
import { theme } from 'antd';
import { buildTheme, readableText } from './theme';

// WCAG 2.2 AA text contrast (1.4.3): 4.5:1 for normal text. The theme's text colours are checked against every
// surface we draw them on, so a token change that makes text unreadable fails here before it reaches a page.

type Rgb = [number, number, number];
function parse(colour: string, over: Rgb = [255, 255, 255]): Rgb {
  const rgba = colour.match(/^rgba?\(([^)]+)\)$/);
  if (rgba) {
    const [r, g, b, a = 1] = rgba[1]!.split(',').map((x) => Number(x.trim()));
    return [r!, g!, b!].map((c, i) => Math.round(c * a + over[i]! * (1 - a))) as Rgb;
  }
  const hex = colour.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}
const luminance = ([r, g, b]: Rgb) =>
  [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
function contrast(text: string, background: string): number {
  const bg = parse(background);
  const [a, b] = [luminance(parse(text, bg)), luminance(bg)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

const LIGHT_SURFACES = ['#ffffff', '#f5f7f9'];
const DARK_SURFACES = ['#141414', '#0b0b0b', '#1f1f1f'];

describe('theme text contrast (WCAG 1.4.3)', () => {
  it.each(LIGHT_SURFACES)('light: secondary text, placeholders and links are ≥ 4.5:1 on %s', (surface) => {
    const token = buildTheme(false).token!;
    for (const colour of [token.colorTextSecondary, token.colorTextTertiary, token.colorTextDescription, token.colorTextPlaceholder, token.colorLink]) {
      expect(contrast(colour!, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(DARK_SURFACES)('dark: secondary text, placeholders, links, errors, danger and the chosen tab are ≥ 4.5:1 on %s', (surface) => {
    const built = buildTheme(true);
    const token = built.token!;
    const button = built.components!.Button as { colorError: string };
    const tabs = built.components!.Tabs as { itemSelectedColor: string };
    const form = built.components!.Form as { colorError: string };
    for (const colour of [token.colorTextSecondary, token.colorTextDescription, token.colorTextPlaceholder, token.colorLink, button.colorError, tabs.itemSelectedColor, form.colorError]) {
      expect(contrast(colour!, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dark: a filled danger button keeps its text readable', () => {
    const button = buildTheme(true).components!.Button as { colorError: string; dangerColor: string };
    expect(contrast(button.dangerColor, button.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('light: every status tag colour is ≥ 4.5:1 on its own tint', () => {
    const defaults = theme.getDesignToken() as unknown as Record<string, string>;
    const tag = buildTheme(false).components!.Tag as Record<string, string>;
    for (const [key, text] of Object.entries(tag)) {
      const tint = key === 'colorInfo' ? defaults.colorInfoBg! : defaults[key.replace(/7$/, '1')]!;
      expect({ key, ratio: contrast(text, tint) >= 4.5 }).toEqual({ key, ratio: true });
    }
  });

  it('the public pages mirror the dark link colour', () => {
    expect(readableText.dark.link).toBe('#2dd4bf');
  });
});
