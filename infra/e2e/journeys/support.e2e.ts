import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, closePage, DEMO, chooseSelectOption, clickButton, launchBrowser, newPage, signIn, waitForText } from '../support/browser';
import { call } from '../support/api';

// Support end to end (issue 11): a visitor sends the contact form → the admin finds it in the desk and replies;
// a patient opens a ticket and keeps its conversation open → the admin's reply appears there without a reload
// (server-sent events through the gateway).

const run = Date.now().toString(36);


/**
 * Types into a field. No click first: `type` focuses the element itself, and a click at coordinates taken while a
 * dialog is still zooming open can land on its mask, which closes the dialog.
 */
async function typeInto(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector, { visible: true });
  await page.type(selector, value);
}

describe('support journey', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor's contact message reaches the admin's desk, and the admin replies", async () => {
    const visitor = await newPage(browser);
    const name = `Amina ${run}`;
    await visitor.goto(`${BASE_URL}/contact`, { waitUntil: 'networkidle0' });
    await typeInto(visitor, '#name', name);
    await typeInto(visitor, '#email', `amina.${run}@example.co.ke`);
    await chooseSelectOption(visitor, '.ant-select:has(#subject)', 'Technical Support');
    await typeInto(visitor, '#message', 'The booking page does not load on my phone.');
    await clickButton(visitor, 'Send Message');
    // Really sent, not simulated: the admin's desk below shows it (a wall-clock bound here measured the page's
    // accessibility audit, not the send).
    await waitForText(visitor, 'Thank you for your message! We will get back to you soon.');
    await auditScreen(visitor);

    const admin = await newPage(browser);
    await signIn(admin, DEMO.admin);
    await admin.goto(`${BASE_URL}/dashboard/admin/support`, { waitUntil: 'networkidle0' });
    await waitForText(admin, 'Select a ticket to view and reply.');
    await auditScreen(admin);
    await typeInto(admin, 'input[placeholder="Search by subject, user, or email..."]', run);
    await waitForText(admin, name);
    await auditScreen(admin);
    await clickButton(admin, 'Contact form: Technical Support');
    await waitForText(admin, 'The booking page does not load on my phone.');
    await auditScreen(admin);
    await waitForText(admin, 'No messages yet.');
    await auditScreen(admin);
    await typeInto(admin, 'textarea[placeholder="Type your reply..."]', 'Please update your browser and try again.');
    await clickButton(admin, 'Send Reply');
    await admin.waitForSelector('::-p-xpath(//*[@data-testid="ticket-message" and contains(., "Please update your browser and try again.")])');
    // An admin reply moves the open ticket to in-progress.
    await admin.waitForSelector('::-p-xpath(//*[@data-testid="desk-ticket" and contains(., "' + name + '")]//*[contains(@class,"ant-select")]//*[normalize-space(.)="In progress"])');
    await closePage(visitor);
    await closePage(admin);
  });

  it("a patient's open conversation shows the admin's reply live", async () => {
    const patient = await newPage(browser);
    await signIn(patient, DEMO.patient);
    await patient.goto(`${BASE_URL}/dashboard/support`, { waitUntil: 'networkidle0' });
    const subject = `Receipt ${run}`;
    await patient.click('button[aria-label="New Ticket"]');
    await typeInto(patient, '.ant-modal #subject', subject);
    await typeInto(patient, '.ant-modal #description', 'Please send me the receipt for my last consultation.');
    await clickButton(patient, 'Create Ticket');
    await waitForText(patient, 'Support ticket created successfully');
    await auditScreen(patient);
    // The modal's closing animation keeps its mask over the page for a moment.
    await patient.waitForSelector('.ant-modal-wrap', { hidden: true });
    const card = await patient.waitForSelector(`::-p-xpath(//*[@data-testid="ticket-card" and contains(., ${JSON.stringify(subject)})]//button[normalize-space(.)="Conversation"])`);
    await card!.click();
    await waitForText(patient, 'No messages yet.');
    await auditScreen(patient);
    // The stream is up before the reply is sent (the Live tag), so the reply can only arrive through it or the poll.
    await patient.waitForSelector('::-p-xpath(//span[contains(@class,"ant-tag") and normalize-space(.)="Live"])');

    const adminToken = (await call<{ token: string }>('POST', 'auth/login', undefined, DEMO.admin)).body.token;
    const list = await call<Array<{ id: number; subject: string }>>('GET', `support/all?search=${encodeURIComponent(subject)}`, adminToken);
    const ticket = list.body.find((t) => t.subject === subject)!;
    const sentAt = Date.now();
    expect((await call('POST', `support/${ticket.id}/messages`, adminToken, { message: `Sent to your email (${run}).` })).status).toBe(201);
    await patient.waitForSelector(`::-p-xpath(//*[@data-testid="ticket-message" and contains(., "Sent to your email (${run}).")])`, { timeout: 8000 });
    // Live, not the 10 s poll.
    expect(Date.now() - sentAt).toBeLessThan(8000);
    await closePage(patient);
  });
});
