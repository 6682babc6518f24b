import type { FamilyCarer, FamilyInvitation, FamilyMember } from '@afya/auth-service/contracts';
import { Button, Card, Checkbox, Flex, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { EmptyState, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { useAcceptInvitation, useDeclineInvitation, useEndCarerLink, useEndMemberLink } from './api';
import { childAge, memberStatusText, relationshipLabel, scopeLabel, type FamilyScope } from './family.logic';
import { MemberRecordsButton } from './MemberRecords';

const STATUS_COLOR = { active: 'green', pending: 'gold', ended: 'default' } as const;

function Scopes({ scopes }: { scopes: readonly string[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {scopes.map((scope) => (
        <Tag key={scope}>{scopeLabel(scope)}</Tag>
      ))}
    </Space>
  );
}

/** The people the caller cares for: children and linked adults, waiting invitations they sent, ended links. */
export function MembersList({ members, loading }: { members: FamilyMember[]; loading: boolean }) {
  const { t } = usePatientTranslation();
  const end = useEndMemberLink();
  const endLink = (member: FamilyMember) =>
    end.mutate(member.member_id!, {
      onSuccess: () => toast.success(t('family.members.endedToast', { name: member.full_name })),
      onError: (err) => toast.error(errorText(err, t('family.failed'))),
    });
  return (
    <Card title={t('family.members.title')} style={{ marginBottom: 16 }}>
      {!loading && members.length === 0 ? (
        <EmptyState title={t('family.members.empty')} description={t('family.members.emptyHint')} />
      ) : (
        <List
          loading={loading}
          dataSource={members}
          rowKey={(m) => m.link_id}
          renderItem={(member) => (
            <List.Item
              data-testid={`family-member-${member.link_id}`}
              actions={
                member.status === 'active' && member.member_id !== null
                  ? [
                      <MemberRecordsButton key="records" member={member} />,
                      <Popconfirm
                        key="end"
                        title={t('family.members.endConfirm', { name: member.full_name })}
                        description={t('family.members.endHint')}
                        okText={t('family.members.end')}
                        cancelText={t('family.cancel')}
                        onConfirm={() => endLink(member)}
                      >
                        <Button danger size="small" loading={end.isPending && end.variables === member.member_id}>
                          {t('family.members.end')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {member.full_name}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {member.kind === 'dependant' ? t('family.kind.dependant') : t('family.kind.linked_adult')} ·{' '}
                  {t('family.members.youAre', { relationship: relationshipLabel(member.relationship).toLocaleLowerCase() })}
                  {member.date_of_birth && member.status === 'active' ? ` · ${t('family.members.age', { count: childAge(member.date_of_birth) })}` : ''}
                </Typography.Text>
                <Space size={[4, 4]} wrap>
                  <Tag color={STATUS_COLOR[member.status]}>{memberStatusText(member)}</Tag>
                  <Scopes scopes={member.scopes} />
                </Space>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** One invitation sent to the caller: accept with the scopes they choose (some or all of those asked), or decline. */
function InvitationItem({ invitation }: { invitation: FamilyInvitation }) {
  const { t } = usePatientTranslation();
  const [scopes, setScopes] = useState<FamilyScope[]>(invitation.scopes);
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const failed = (err: unknown) => toast.error(errorText(err, t('family.failed')));
  const groupId = `invitation-${invitation.invitation_id}-scopes`;
  return (
    <List.Item data-testid={`invitation-${invitation.invitation_id}`}>
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Typography.Text>{t('family.invitations.from', { name: invitation.from_name, relationship: relationshipLabel(invitation.relationship) })}</Typography.Text>
        <Typography.Text id={groupId} type="secondary">
          {t('family.invitations.choose')}
        </Typography.Text>
        <Checkbox.Group
          aria-labelledby={groupId}
          value={scopes}
          onChange={(values) => setScopes(values as FamilyScope[])}
          options={invitation.scopes.map((scope) => ({ value: scope, label: scopeLabel(scope) }))}
        />
        <Space wrap>
          <Button
            type="primary"
            disabled={scopes.length === 0}
            loading={accept.isPending}
            onClick={() => accept.mutate({ id: invitation.invitation_id, scopes }, { onSuccess: () => toast.success(t('family.invitations.accepted')), onError: failed })}
          >
            {t('family.invitations.accept')}
          </Button>
          <Button loading={decline.isPending} onClick={() => decline.mutate(invitation.invitation_id, { onSuccess: () => toast.success(t('family.invitations.declined')), onError: failed })}>
            {t('family.invitations.decline')}
          </Button>
        </Space>
      </Flex>
    </List.Item>
  );
}

export function InvitationsList({ invitations }: { invitations: FamilyInvitation[] }) {
  const { t } = usePatientTranslation();
  return (
    <Card title={t('family.invitations.title')} style={{ marginBottom: 16 }}>
      <List dataSource={invitations} rowKey={(i) => i.invitation_id} renderItem={(invitation) => <InvitationItem invitation={invitation} />} />
    </Card>
  );
}

/** The adults who may act for the caller, and what each may do; the caller may end any of these links. */
export function CarersList({ carers }: { carers: FamilyCarer[] }) {
  const { t } = usePatientTranslation();
  const end = useEndCarerLink();
  return (
    <Card title={t('family.carers.title')}>
      <List
        dataSource={carers}
        rowKey={(c) => c.link_id}
        renderItem={(carer) => (
          <List.Item
            actions={[
              <Popconfirm
                key="end"
                title={t('family.carers.endConfirm', { name: carer.carer_name })}
                okText={t('family.members.end')}
                cancelText={t('family.cancel')}
                onConfirm={() =>
                  end.mutate(carer.link_id, { onSuccess: () => toast.success(t('family.members.endedToast', { name: carer.carer_name })), onError: (err) => toast.error(errorText(err, t('family.failed'))) })
                }
              >
                <Button danger size="small">
                  {t('family.members.end')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Flex vertical gap={4}>
              <Typography.Text strong>{carer.carer_name}</Typography.Text>
              <Typography.Text type="secondary">{relationshipLabel(carer.relationship)}</Typography.Text>
              <Scopes scopes={carer.scopes} />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
