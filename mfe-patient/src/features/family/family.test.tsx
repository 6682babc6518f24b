import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FamilyReply } from '@afya/auth-service/contracts';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { FamilyPage } from './FamilyPage';
import { childAge, memberStatusText } from './family.logic';

const calls = stubDeclaredCalls();
const { family, addDependant, acceptInvitation, endMemberLink } = calls.auth;
const { familyMemberPrescriptions, familyMemberHistory } = calls.prescriptions;
const { familyMemberAppointments } = calls.appointments;

const reply = (over: Partial<FamilyReply> = {}): FamilyReply => ({ members: [], invitations: [], carers: [], ...over });

beforeEach(() => {
  jest.clearAllMocks();
  family.mockResolvedValue(reply() as never);
});

describe('the Family page', () => {
  it('adds a child only with the consent ticked, and sends what the server reads', async () => {
    addDependant.mockResolvedValue({ member: {}, message: 'Child added' } as never);
    renderAt(<FamilyPage />);
    expect(await screen.findByText('No family members yet')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Child\'s full name'), { target: { value: 'Baraka Kamau' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2019-04-02' } });
    fireEvent.mouseDown(screen.getAllByRole('combobox', { name: 'You are their' })[0]);
    fireEvent.click(await screen.findByTitle('Mother'));
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    expect(await screen.findByText('Please tick the consent to add the child')).toBeInTheDocument();
    expect(addDependant).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: /I am this child's parent or legal guardian/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add child' }));
    await waitFor(() =>
      expect(addDependant).toHaveBeenCalledWith({ body: { full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', consent: true } }, expect.anything()),
    );
  });

  it('refuses an adult’s date of birth in the form with the server’s message', async () => {
    renderAt(<FamilyPage />);
    await screen.findByText('No family members yet');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1990-01-01' } });
    expect(await screen.findByText('An adult needs their own account; invite them instead')).toBeInTheDocument();
  });

  it('lists members with their status and scopes; ending a live link asks first', async () => {
    family.mockResolvedValue(
      reply({
        members: [
          { member_id: 8, link_id: 1, full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', kind: 'dependant', scopes: ['book', 'reminders', 'records'], status: 'active' },
          { member_id: 9, link_id: 2, full_name: 'Imani Kamau', date_of_birth: '2008-01-01', relationship: 'mother', kind: 'dependant', scopes: [], status: 'ended', ended_reason: 'turned_18' },
        ],
      }) as never,
    );
    endMemberLink.mockResolvedValue({ message: 'The family link has ended' } as never);
    renderAt(<FamilyPage />);
    const active = await screen.findByTestId('family-member-1');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Records')).toBeInTheDocument();
    const ended = screen.getByTestId('family-member-2');
    expect(within(ended).getByText('Turned 18: access ended')).toBeInTheDocument();
    expect(within(ended).queryByRole('button', { name: 'End link' })).toBeNull();
    fireEvent.click(within(active).getByRole('button', { name: 'End link' }));
    expect(endMemberLink).not.toHaveBeenCalled();
    const confirm = (await screen.findByText('End the link with Baraka Kamau?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'End link' }));
    await waitFor(() => expect(endMemberLink).toHaveBeenCalledWith({ params: { member_id: '8' } }, expect.anything()));
  });

  it('accepts an invitation with fewer scopes than asked', async () => {
    family.mockResolvedValue(reply({ invitations: [{ invitation_id: 5, from_name: 'Akinyi Mwangi', relationship: 'child', scopes: ['book', 'records'] }] }) as never);
    acceptInvitation.mockResolvedValue({ message: 'Invitation accepted' } as never);
    renderAt(<FamilyPage />);
    const invitation = await screen.findByTestId('invitation-5');
    expect(within(invitation).getByText('Akinyi Mwangi (Child) asks to help with your care')).toBeInTheDocument();
    fireEvent.click(within(invitation).getByRole('checkbox', { name: 'Records' }));
    fireEvent.click(within(invitation).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(acceptInvitation).toHaveBeenCalledWith({ params: { id: '5' }, body: { scopes: ['book'] } }, expect.anything()));
  });
});

describe('a member’s records', () => {
  it('opens the child’s prescriptions from the member line (only where the link grants records)', async () => {
    family.mockResolvedValue(
      reply({
        members: [
          { member_id: 8, link_id: 1, full_name: 'Baraka Kamau', date_of_birth: '2019-04-02', relationship: 'mother', kind: 'dependant', scopes: ['book', 'reminders', 'records'], status: 'active' },
          { member_id: 9, link_id: 2, full_name: 'Njeri Mwangi', relationship: 'child', kind: 'linked_adult', scopes: ['book'], status: 'active' },
        ],
      }) as never,
    );
    familyMemberAppointments.mockResolvedValue({ headers: {}, body: [] } as never);
    familyMemberPrescriptions.mockResolvedValue({
      headers: {},
      body: [{ prescription_id: 3, prescription_number: 'RX-000003', doctor_name: 'Grace Wanjiku', issued_at: '2026-11-20T08:00:00Z', medicines: [{ name: 'Paracetamol syrup', dosage: '5 ml', frequency: 'Three times daily', instructions: 'For 3 days' }], notes: null }],
    } as never);
    familyMemberHistory.mockResolvedValue({
      records: [{ id: 'presc-3', type: 'prescription', condition: 'Prescription', patient_id: 8, patient_name: 'Baraka Kamau', doctor_name: 'Dr. Grace Wanjiku', specialization: null, date: '2026-11-20', diagnosis: 'Viral fever', treatment: null, notes: null, medicines: [], appointment_id: 4, prescription_id: 3 }],
    } as never);
    renderAt(<FamilyPage />);
    const child = await screen.findByTestId('family-member-1');
    expect(within(screen.getByTestId('family-member-2')).queryByRole('button', { name: 'View records' })).toBeNull();
    fireEvent.click(within(child).getByRole('button', { name: 'View records' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Prescriptions' }));
    expect(await screen.findByText('RX-000003')).toBeInTheDocument();
    expect(familyMemberPrescriptions).toHaveBeenCalledWith({ params: { member_id: '8' }, query: {} }, expect.anything());
    fireEvent.click(screen.getByRole('tab', { name: 'Medical history' }));
    expect(await screen.findByText('Viral fever')).toBeInTheDocument();
  });
});

describe('family rules on the page', () => {
  it('a child’s age in Nairobi, and the words for an ended link', () => {
    expect(childAge('2012-06-15', new Date('2030-06-14T20:59:59Z'))).toBe(17);
    expect(childAge('2012-06-15', new Date('2030-06-14T21:00:00Z'))).toBe(18);
    expect(memberStatusText({ status: 'ended', ended_reason: 'turned_18' })).toBe('Turned 18: access ended');
    expect(memberStatusText({ status: 'pending' })).toBe('Waiting for an answer');
  });
});
