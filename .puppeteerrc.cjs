// Puppeteer must never download its own Chrome here: we use Debian's chromium (/usr/bin/chromium).
module.exports = { skipDownload: true };
