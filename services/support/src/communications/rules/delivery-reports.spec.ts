import { reportApplies, reportedStatus } from './delivery-reports';

describe('SMS delivery reports', () => {
  it("read Africa's Talking's statuses: Success delivered, Failed and Rejected failed, the rest interim", () => {
    expect(reportedStatus('Success')).toBe('delivered');
    expect(reportedStatus('Failed')).toBe('failed');
    expect(reportedStatus('Rejected')).toBe('failed');
    for (const interim of ['Sent', 'Submitted', 'Buffered']) expect(reportedStatus(interim)).toBeNull();
  });

  it('never move a delivered or failed message', () => {
    for (const status of ['delivered', 'failed']) {
      for (const report of ['Success', 'Failed', 'Rejected', 'Buffered', 'Sent']) expect(reportApplies({ status, provider_status: 'Success' }, report)).toBe(false);
    }
  });

  it('move a sent message on, and ignore a report that repeats what is recorded', () => {
    // the send's own answer is recorded as 'Success' (accepted): the report 'Success' still means delivered
    expect(reportApplies({ status: 'sent', provider_status: 'Success' }, 'Success')).toBe(true);
    expect(reportApplies({ status: 'sent', provider_status: 'Success' }, 'Buffered')).toBe(true);
    expect(reportApplies({ status: 'sent', provider_status: 'Buffered' }, 'Buffered')).toBe(false);
    expect(reportApplies({ status: 'sent', provider_status: 'Buffered' }, 'Failed')).toBe(true);
    expect(reportApplies({ status: 'sent', provider_status: null }, 'Sent')).toBe(true);
  });
});
