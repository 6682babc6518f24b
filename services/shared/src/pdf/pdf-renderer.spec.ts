import { closePdfRenderer, escapeHtml, html, PdfRenderer, pdfText, rawHtml, renderPdf } from '.';

describe('PdfRenderer (Debian chromium, one warm browser)', () => {
  afterAll(() => closePdfRenderer());

  it('renders a real PDF whose text can be read back, escaping what templates interpolate', async () => {
    const name = 'Amoxicillin <500mg> & "water"';
    const pdf = await renderPdf(html`<!doctype html><html><body><h1>Afya Clinic</h1><p>${name}</p>${rawHtml('<p>Ksh 1,000</p>')}</body></html>`);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Afya Clinic');
    expect(text).toContain('Amoxicillin <500mg> & "water"');
    expect(text).toContain('Ksh 1,000');
  });

  it('reuses the warm browser: concurrent renders all succeed and a warm one is fast', async () => {
    const pdfs = await Promise.all([1, 2, 3, 4].map((n) => renderPdf(`<p>page ${n}</p>`)));
    pdfs.forEach((pdf, i) => expect(pdfText(pdf)).toContain(`page ${i + 1}`));
    const started = Date.now();
    await renderPdf('<p>warm</p>');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('relaunches Chromium after it dies, and refuses to render once closed', async () => {
    const renderer = new PdfRenderer({ concurrency: 1 });
    expect(pdfText(await renderer.renderPdf('<p>first</p>'))).toContain('first');
    const browser = await renderer.warm();
    browser.process()?.kill('SIGKILL');
    await new Promise<void>((resolve) => (browser.connected ? browser.once('disconnected', () => resolve()) : resolve()));
    expect(pdfText(await renderer.renderPdf('<p>second</p>'))).toContain('second');
    await renderer.close();
    await expect(renderer.renderPdf('<p>late</p>')).rejects.toThrow('closed');
  });

  it('escapes HTML special characters', () => {
    expect(escapeHtml(`<script>alert("x") & 'y'</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;');
    expect(escapeHtml(null)).toBe('');
    expect(html`<td>${['<a>', rawHtml('<b>ok</b>')]}</td>`).toBe('<td>&lt;a&gt;<b>ok</b></td>');
  });
});
