import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Col, Input, Row } from 'antd';
import type { Medicine } from '@afya/prescription-service/contracts';
import { DOSAGE_SUGGESTIONS, FREQUENCY_SUGGESTIONS, MEDICINE_SUGGESTIONS, MEDICINES_MAX } from '@afya/prescription-service/contracts/catalog';
import { emptyMedicine } from './medicine-rows';
import { useDoctorTranslation } from '../../i18n';

const options = (values: readonly string[]) => values.map((value) => ({ value }));
const match = (input: string, option?: { value: string }) => !!option && option.value.toLowerCase().includes(input.toLowerCase());

/** Medicine rows: name (15 suggestions), dosage (7), frequency (optional), instructions; Remove disabled on the last row. */
export function MedicineRows({ value, onChange }: { value: Medicine[]; onChange: (rows: Medicine[]) => void }) {
  const { t } = useDoctorTranslation();
  const set = (i: number, field: keyof Medicine, text: string) => onChange(value.map((row, j) => (j === i ? { ...row, [field]: text } : row)));
  return (
    <div>
      {value.map((row, i) => (
        <Card key={i} size="small" style={{ marginBottom: 12 }} title={t('medicine.title', { n: i + 1 })} extra={
          <Button danger type="text" icon={<DeleteOutlined />} disabled={value.length === 1} onClick={() => onChange(value.filter((_r, j) => j !== i))} aria-label={t('medicine.removeLabel', { n: i + 1 })}>
            {t('medicine.remove')}
          </Button>
        }>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={12}>
              <AutoComplete options={options(MEDICINE_SUGGESTIONS)} filterOption={match} value={row.name} onChange={(v: string) => set(i, 'name', v)} style={{ width: '100%' }}>
                <Input aria-label={t('medicine.nameLabel', { n: i + 1 })} placeholder={t('medicine.name')} />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <AutoComplete options={options(DOSAGE_SUGGESTIONS)} filterOption={match} value={row.dosage} onChange={(v: string) => set(i, 'dosage', v)} style={{ width: '100%' }}>
                <Input aria-label={t('medicine.dosageLabel', { n: i + 1 })} placeholder={t('medicine.dosage')} />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <AutoComplete options={options(FREQUENCY_SUGGESTIONS)} filterOption={match} value={row.frequency} onChange={(v: string) => set(i, 'frequency', v)} style={{ width: '100%' }}>
                <Input aria-label={t('medicine.frequencyLabel', { n: i + 1 })} placeholder={t('medicine.frequency')} />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <Input aria-label={t('medicine.instructionsLabel', { n: i + 1 })} placeholder={t('medicine.instructions')} value={row.instructions} onChange={(e) => set(i, 'instructions', e.target.value)} />
            </Col>
          </Row>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, emptyMedicine()])} disabled={value.length >= MEDICINES_MAX}>
        {t('medicine.add')}
      </Button>
    </div>
  );
}
