import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Input, Row, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryStatus } from 'shell/api-client';
import { EmptyState, ErrorState, PageHeader } from 'shell/ui-kit';
import { doctorsLoadError, useDoctors, type Doctor } from '../../api/doctors';
import { DoctorCard } from './DoctorCard';
import { specialtyLabel } from 'shell/i18n';
import { usePatientTranslation } from '../../i18n';

const ALL = '__all__';

export function filterDoctors(list: Doctor[], search: string, specialization: string, payer: string = ALL): Doctor[] {
  const q = search.trim().toLowerCase();
  return list.filter((d) => {
    if (specialization !== ALL && (d.specialization ?? '') !== specialization) return false;
    // Issue 38: "Accepts SHA" (the list carries each doctor's payers; the API's ?payer= gives the same doctors).
    if (payer !== ALL && !(d.payers ?? []).some((p) => p.code === payer)) return false;
    if (!q) return true;
    return `${d.first_name} ${d.last_name}`.toLowerCase().includes(q);
  });
}

/** The payer dropdown's choices: the payers the loaded doctors accept, SHA first, then by name. */
export function payersOf(list: Doctor[]): { code: string; name: string }[] {
  const byCode = new Map<string, { code: string; name: string; sha: boolean }>();
  for (const d of list) for (const p of d.payers ?? []) byCode.set(p.code, { code: p.code, name: p.name, sha: p.kind === 'sha' });
  return [...byCode.values()].sort((a, b) => Number(b.sha) - Number(a.sha) || a.name.localeCompare(b.name)).map(({ code, name }) => ({ code, name }));
}

/** The specialization dropdown's choices: those of the loaded doctors, sorted. */
export function specializationsOf(list: Doctor[]): string[] {
  return [...new Set(list.map((d) => d.specialization).filter((s): s is string => !!s))].sort((a, b) => a.localeCompare(b));
}

const NO_DOCTORS: Doctor[] = [];

export function FindDoctorsPage() {
  const navigate = useNavigate();
  const { t } = usePatientTranslation();
  const query = useDoctors();
  const doctors = query.data ?? NO_DOCTORS;
  // Skeletons while nothing is there yet (also during a Retry); the error once a load has failed.
  const { loading, failed } = queryStatus(query);
  const error = failed ? doctorsLoadError(query.error) : null;
  const [search, setSearch] = useState('');
  const [specialization, setSpecialization] = useState(ALL);
  const [payer, setPayer] = useState(ALL);

  const specializations = useMemo(() => specializationsOf(doctors), [doctors]);
  const payers = useMemo(() => payersOf(doctors), [doctors]);
  const shown = filterDoctors(doctors, search, specialization, payer);

  return (
    <div>
      <PageHeader title={t('doctors.title')} subtitle={t('doctors.subtitle')} />
      <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('doctors.search')}
            aria-label={t('doctors.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ flex: '1 1 240px', minWidth: 0 }}
          />
          <Select
            aria-label={t('doctors.bySpecialization')}
            value={specialization}
            onChange={setSpecialization}
            options={[{ value: ALL, label: t('doctors.allSpecializations') }, ...specializations.map((s) => ({ value: s, label: specialtyLabel(s) }))]}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
          <Select
            aria-label={t('doctors.byPayer')}
            value={payer}
            onChange={setPayer}
            options={[{ value: ALL, label: t('doctors.anyPayer') }, ...payers.map((p) => ({ value: p.code, label: t('doctors.accepts', { payer: p.code }) }))]}
            style={{ flex: '1 1 180px', minWidth: 0 }}
          />
        </div>
        {!loading && !error ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 10 }} aria-live="polite">
            {t('doctors.found', { count: shown.length })}
          </Typography.Text>
        ) : null}
      </Card>

      {error ? <ErrorState message={error} onRetry={() => void query.refetch()} /> : null}

      {loading ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col xs={24} sm={12} xl={8} key={i}>
              <Card>
                <Skeleton active avatar />
              </Card>
            </Col>
          ))}
        </Row>
      ) : error ? null : shown.length === 0 ? (
        <Card>
          <EmptyState
            title={t('doctors.none')}
            description={doctors.length ? t('doctors.tryAnother') : t('doctors.noneYet')}
            action={
              doctors.length ? (
                <Button
                  onClick={() => {
                    setSearch('');
                    setSpecialization(ALL);
                    setPayer(ALL);
                  }}
                >
                  {t('payments.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((d) => (
            <Col xs={24} sm={12} xl={8} key={d.doctor_id}>
              <DoctorCard doctor={d} onBook={() => navigate(`/dashboard/appointments/book?doctor_id=${d.doctor_id}`)} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
