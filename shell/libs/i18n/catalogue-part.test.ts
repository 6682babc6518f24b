import { i18n, loadCataloguePart, registerCatalogue, setLanguage } from 'shell/i18n';

// A part of a catalogue (the shell's texts beyond `/`'s are one) is fetched on demand: in English at once (the
// fallback), in Kiswahili when the page is or becomes Kiswahili, once.

let serial = 0;
/** A fresh namespace per test, its start and its part as in-memory catalogues with counted loads. */
function catalogue() {
  const namespace = `parts-test-${++serial}`;
  const loads = { partEn: 0, partSw: 0 };
  registerCatalogue(namespace, { en: { start: 'Home' }, sw: () => Promise.resolve({ start: 'Nyumbani' }) });
  const part = {
    en: () => {
      loads.partEn++;
      return Promise.resolve({ more: { greeting: 'Welcome' } });
    },
    sw: () => {
      loads.partSw++;
      return Promise.resolve({ default: { more: { greeting: 'Karibu' } } });
    },
  };
  return { namespace, loads, part };
}

const text = (namespace: string, key: string) => i18n.t(key, { ns: namespace });

describe('a part of a catalogue', () => {
  afterEach(async () => {
    await setLanguage('en', { chosen: false });
    localStorage.clear();
  });

  it('is fetched in English only while the page is English, and in Kiswahili once the page switches', async () => {
    const { namespace, loads, part } = catalogue();
    expect(text(namespace, 'more.greeting')).toBe('more.greeting');

    await loadCataloguePart(namespace, 'app', part);
    expect(text(namespace, 'start')).toBe('Home');
    expect(text(namespace, 'more.greeting')).toBe('Welcome');
    expect(loads).toEqual({ partEn: 1, partSw: 0 });

    await setLanguage('sw', { chosen: false });
    await i18n.loadNamespaces(namespace);
    expect(text(namespace, 'start')).toBe('Nyumbani');
    expect(text(namespace, 'more.greeting')).toBe('Karibu');
    expect(loads).toEqual({ partEn: 1, partSw: 1 });
  });

  it('asked for in Kiswahili, comes in both languages; asked again, is not fetched again', async () => {
    const { namespace, loads, part } = catalogue();
    await setLanguage('sw', { chosen: false });
    await i18n.loadNamespaces(namespace);
    expect(text(namespace, 'start')).toBe('Nyumbani');

    const first = loadCataloguePart(namespace, 'app', part);
    expect(loadCataloguePart(namespace, 'app', part)).toBe(first);
    await first;
    expect(text(namespace, 'more.greeting')).toBe('Karibu');
    expect(i18n.getResource('en', namespace, 'more.greeting')).toBe('Welcome');
    expect(loads).toEqual({ partEn: 1, partSw: 1 });
  });

  it('asked for while the Kiswahili start is still on its way, is in the Kiswahili texts too', async () => {
    await setLanguage('sw', { chosen: false });
    const { namespace, loads, part } = catalogue();
    const loading = i18n.loadNamespaces(namespace); // the namespace's Kiswahili: not in yet
    expect(i18n.hasResourceBundle('sw', namespace)).toBe(false);
    await Promise.all([loadCataloguePart(namespace, 'app', part), loading]);
    expect(text(namespace, 'start')).toBe('Nyumbani');
    expect(text(namespace, 'more.greeting')).toBe('Karibu');
    expect(loads.partSw).toBeGreaterThanOrEqual(1);
  });

  it('that failed to come can be asked for again', async () => {
    const { namespace, part } = catalogue();
    let fail = true;
    const flaky = { ...part, en: () => (fail ? Promise.reject(new Error('offline')) : part.en()) };
    await expect(loadCataloguePart(namespace, 'app', flaky)).rejects.toThrow('offline');
    fail = false;
    await loadCataloguePart(namespace, 'app', flaky);
    expect(text(namespace, 'more.greeting')).toBe('Welcome');
  });
});
