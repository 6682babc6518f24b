import type { Browser, PDFOptions } from 'puppeteer';

/**
 * One warm headless Chromium per process for HTML → PDF (prescriptions, receipts).
 *
 * - Debian's chromium (`CHROMIUM_PATH`, default /usr/bin/chromium); puppeteer never downloads a browser here.
 * - Launched lazily on the first render and reused: a warm render costs ~0.3 s, a cold launch ~1 s more.
 * - Each render gets its own page (closed afterwards, even on failure); JavaScript is off and the page may not
 *   fetch anything, so a template can only show what its HTML carries.
 * - At most `concurrency` renders at a time (default 2: this machine has two cores); others wait in FIFO order.
 * - If Chromium dies (crash, OOM kill) the next render launches a fresh one.
 * - `close()` (called by `closePdfRenderer()` at shutdown) ends the browser.
 */
export interface PdfRendererOptions {
  executablePath?: string;
  concurrency?: number;
  /** Milliseconds one render may take before it fails (default 15 s). */
  timeoutMs?: number;
}

export interface RenderPdfOptions {
  format?: PDFOptions['format'];
  landscape?: boolean;
  margin?: PDFOptions['margin'];
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export class PdfRenderer {
  private browser?: Promise<Browser>;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private closed = false;
  private readonly concurrency: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: PdfRendererOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** Renders a complete HTML document to PDF bytes (A4 by default, backgrounds printed). */
  async renderPdf(html: string, options: RenderPdfOptions = {}): Promise<Buffer> {
    if (this.closed) throw new Error('PDF renderer is closed');
    await this.acquire();
    try {
      const browser = await this.launch();
      const page = await browser.newPage();
      try {
        await page.setJavaScriptEnabled(false);
        await page.setRequestInterception(true);
        page.on('request', (request) => {
          const url = request.url();
          if (url.startsWith('data:') || url === 'about:blank') void request.continue();
          else void request.abort();
        });
        await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
        const bytes = await page.pdf({
          format: options.format ?? 'A4',
          landscape: options.landscape ?? false,
          printBackground: true,
          margin: options.margin ?? { top: '16mm', bottom: '16mm', left: '14mm', right: '14mm' },
          timeout: this.timeoutMs,
        });
        return Buffer.from(bytes);
      } finally {
        await page.close().catch(() => undefined);
      }
    } finally {
      this.release();
    }
  }

  /** Launches the browser now (or returns the running one): call at start-up so the first PDF is warm too. */
  warm(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('PDF renderer is closed'));
    return this.launch();
  }

  /** Closes the browser; later renders fail. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = import('puppeteer').then(({ default: puppeteer }) =>
        puppeteer.launch({
          executablePath: this.options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: CHROMIUM_ARGS,
        }),
      );
      this.browser = launching;
      launching.then(
        (browser) => {
          // A crashed or killed Chromium: forget it so the next render launches a new one.
          browser.once('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
          });
        },
        () => {
          if (this.browser === launching) this.browser = undefined;
        },
      );
    }
    return this.browser;
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

let shared: PdfRenderer | undefined;

/** The process's one renderer (created on first use). */
export function pdfRenderer(): PdfRenderer {
  shared ??= new PdfRenderer();
  return shared;
}

/** Renders HTML to a PDF with the process's shared warm browser. */
export function renderPdf(html: string, options?: RenderPdfOptions): Promise<Buffer> {
  return pdfRenderer().renderPdf(html, options);
}

/** Closes the shared browser (call from shutdown hooks; a no-op if it never started). */
export async function closePdfRenderer(): Promise<void> {
  const renderer = shared;
  shared = undefined;
  if (renderer) await renderer.close();
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attributes; null/undefined become ''. */
export function escapeHtml(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

/** Tagged template that escapes every interpolated value (use `rawHtml()` for trusted fragments). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, part, i) => {
    if (i === 0) return part;
    const value = values[i - 1];
    const text = value instanceof RawHtml ? value.html : Array.isArray(value) ? value.map((v) => (v instanceof RawHtml ? v.html : escapeHtml(v))).join('') : escapeHtml(value);
    return out + text + part;
  }, '');
}

export class RawHtml {
  constructor(readonly html: string) {}
}

/** Marks an already-safe HTML fragment (e.g. the result of another `html` template) for `html`. */
export function rawHtml(fragment: string): RawHtml {
  return new RawHtml(fragment);
}
