import { Table, type TableProps } from 'antd';

export type CaptionedTableProps<T> = Omit<TableProps<T>, 'caption' | 'scroll' | 'pagination' | 'dataSource'> & {
  /** Names the table for screen readers; the heading above it already names it on screen. */
  caption: string;
  dataSource: readonly T[];
};

/**
 * A small table of rows a heading on screen already names (a patient's readings): the caption is for screen readers
 * only, the table scrolls sideways inside its card on a phone, and past ten rows it pages by ten.
 */
export function CaptionedTable<T extends object>({ caption, dataSource, ...table }: CaptionedTableProps<T>) {
  return (
    // Clips the hidden caption and any hidden column title: placed absolutely, they widened a phone's page beyond
    // the table's own scroller.
    <div style={{ position: 'relative', overflow: 'hidden', marginTop: 16 }}>
      <Table<T>
        size="small"
        {...table}
        dataSource={dataSource as T[]}
        pagination={dataSource.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
        caption={<span className="afya-visually-hidden">{caption}</span>}
      />
    </div>
  );
}
