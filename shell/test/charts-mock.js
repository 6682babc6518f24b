// @ant-design/charts draws on canvas, which jsdom lacks.
const React = require('react');
// What a test can read of a chart: its x axis's labels and its tooltips' titles, as the chart would write them.
const written = (props, format) => (props.xField && Array.isArray(props.data) ? JSON.stringify(props.data.map((d) => (format ? format(d[props.xField]) : String(d[props.xField])))) : undefined);
const Chart = (name) => (props) =>
  React.createElement('div', {
    'data-testid': `chart-${name}`,
    'data-title': props.title,
    'data-theme': props.theme,
    'data-x-labels': written(props, props.axis?.x?.labelFormatter),
    'data-tooltip-titles': typeof props.tooltip?.title === 'function' ? written(props, (x) => props.tooltip.title({ [props.xField]: x })) : undefined,
  });
module.exports = new Proxy({}, { get: (_t, key) => (key === '__esModule' ? false : Chart(String(key))) });
