// The antd this page shares: only the components the shell and the remotes import (every app's `import { X } from
// 'antd'` is answered by this module, the federation share `antd`). antd as a whole is ~350 KB brotli and a shared
// module is never tree-shaken; this module is, since it names each component by its own path. The shell provides it
// and the remotes bundle no antd of their own (`import: false`, federation.shared.js), so the page still has one
// antd: one ConfigProvider, one theme, one CSS-in-JS cache.
// A remote that imports a component missing here would get `undefined`: shell/test/federation-subsets.test.ts reads
// every app's sources and fails first. Add the line here (a shell release) before a remote uses a new component.
// Never import 'antd' itself here: that request is the share, and would answer itself.
export { default as Alert } from 'antd/es/alert';
export { default as App } from 'antd/es/app';
export { default as AutoComplete } from 'antd/es/auto-complete';
export { default as Avatar } from 'antd/es/avatar';
export { default as Badge } from 'antd/es/badge';
export { default as Button } from 'antd/es/button';
export { default as Card } from 'antd/es/card';
export { default as Checkbox } from 'antd/es/checkbox';
export { default as Col } from 'antd/es/col';
export { default as Collapse } from 'antd/es/collapse';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as DatePicker } from 'antd/es/date-picker';
export { default as Descriptions } from 'antd/es/descriptions';
export { default as Divider } from 'antd/es/divider';
export { default as Drawer } from 'antd/es/drawer';
export { default as Empty } from 'antd/es/empty';
export { default as Flex } from 'antd/es/flex';
export { default as FloatButton } from 'antd/es/float-button';
export { default as Form } from 'antd/es/form';
export { default as Grid } from 'antd/es/grid';
export { default as Input } from 'antd/es/input';
export { default as InputNumber } from 'antd/es/input-number';
export { default as Layout } from 'antd/es/layout';
export { default as List } from 'antd/es/list';
export { default as Menu } from 'antd/es/menu';
export { default as Modal } from 'antd/es/modal';
export { default as Pagination } from 'antd/es/pagination';
export { default as Popconfirm } from 'antd/es/popconfirm';
export { default as Progress } from 'antd/es/progress';
export { default as Radio } from 'antd/es/radio';
export { default as Rate } from 'antd/es/rate';
export { default as Result } from 'antd/es/result';
export { default as Row } from 'antd/es/row';
export { default as Segmented } from 'antd/es/segmented';
export { default as Select } from 'antd/es/select';
export { default as Skeleton } from 'antd/es/skeleton';
export { default as Space } from 'antd/es/space';
export { default as Spin } from 'antd/es/spin';
export { default as Switch } from 'antd/es/switch';
export { default as Table } from 'antd/es/table';
export { default as Tabs } from 'antd/es/tabs';
export { default as Tag } from 'antd/es/tag';
export { default as Tooltip } from 'antd/es/tooltip';
export { default as Typography } from 'antd/es/typography';
export { default as Upload } from 'antd/es/upload';
export { default as notification } from 'antd/es/notification';
export { default as theme } from 'antd/es/theme';
