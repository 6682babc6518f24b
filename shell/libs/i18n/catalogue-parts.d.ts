// A part of the shell's message catalogue, cut by webpack at build time (shell/build/catalogue-parts.js), imported as
// `@afya/shell-locales/<lang>.json?part=<name>` (a webpack alias of shell/locales; jest.preset.js maps it to the file).
declare module '@afya/shell-locales/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
