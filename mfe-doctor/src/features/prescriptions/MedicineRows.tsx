import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Col, Input, Row } from 'antd';
import type { Medicine } from '@afya/prescription-service/contracts';
import { DOSAGE_SUGGESTIONS, FREQUENCY_SUGGESTIONS, MEDICINE_SUGGESTIONS, MEDICINES_MAX } from '@afya/prescription-service/contracts/catalog';
import { emptyMedicine } from './medicine-rows';

const options = (values: readonly string[]) => values.map((value) => ({ value }));
const match = (input: string, option?: { value: string }) => !!option && option.value.toLowerCase().includes(input.toLowerCase());

/** Medicine rows: name (15 suggestions), dosage (7), frequency (optional), instructions; Remove disabled on the last row. */
export function MedicineRows({ value, onChange }: { value: Medicine[]; onChange: (rows: Medicine[]) => void }) {
  const set = (i: number, field: keyof Medicine, text: string) => onChange(value.map((row, j) => (j === i ? { ...row, [field]: text } : row)));
  return (
    <div>
      {value.map((row, i) => (
        <Card key={i} size="small" style={{ marginBottom: 12 }} title={`Medicine ${i + 1}`} extra={
          <Button danger type="text" icon={<DeleteOutlined />} disabled={value.length === 1} onClick={() => onChange(value.filter((_r, j) => j !== i))} aria-label={`Remove medicine ${i + 1}`}>
            Remove
          </Button>
        }>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={12}>
              <AutoComplete options={options(MEDICINE_SUGGESTIONS)} filterOption={match} value={row.name} onChange={(v: string) => set(i, 'name', v)} style={{ width: '100%' }}>
                <Input aria-label={`Medicine ${i + 1} name`} placeholder="Medicine name *" />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <AutoComplete options={options(DOSAGE_SUGGESTIONS)} filterOption={match} value={row.dosage} onChange={(v: string) => set(i, 'dosage', v)} style={{ width: '100%' }}>
                <Input aria-label={`Medicine ${i + 1} dosage`} placeholder="Dosage *" />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <AutoComplete options={options(FREQUENCY_SUGGESTIONS)} filterOption={match} value={row.frequency} onChange={(v: string) => set(i, 'frequency', v)} style={{ width: '100%' }}>
                <Input aria-label={`Medicine ${i + 1} frequency`} placeholder="Frequency (optional)" />
              </AutoComplete>
            </Col>
            <Col xs={24} md={12}>
              <Input aria-label={`Medicine ${i + 1} instructions`} placeholder="Instructions *" value={row.instructions} onChange={(e) => set(i, 'instructions', e.target.value)} />
            </Col>
          </Row>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, emptyMedicine()])} disabled={value.length >= MEDICINES_MAX}>
        Add Medicine
      </Button>
    </div>
  );
}
