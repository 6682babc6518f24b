// The golden-signals dashboard (k8s/observability) reads only metrics this code exports, and every signal has panels.
import fs from 'node:fs';
import path from 'node:path';
import { enableMetrics, metricsRegistry } from './metrics';

const DIR = path.resolve(__dirname, '../../../../k8s/observability');
const dashboard = JSON.parse(fs.readFileSync(path.join(DIR, 'afya-golden-signals.json'), 'utf8'));
const panels: any[] = dashboard.panels.filter((p: any) => p.type !== 'row');
const expressions: string[] = panels.flatMap((p) => p.targets.map((t: any) => t.expr));

describe('k8s/observability: the golden-signals dashboard', () => {
  beforeAll(() => enableMetrics()); // Node's default metrics (event-loop lag, CPU, memory) join the registry

  it('queries only metric names the gateway and services export (histogram series by their base name)', () => {
    const exported = new Set(metricsRegistry.getMetricsAsArray().map((m) => m.name));
    const used = new Set(expressions.flatMap((e) => [...e.matchAll(/\bafya_[a-z0-9_]+/g)].map((m) => m[0])));
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect([name, exported.has(name) || exported.has(base)]).toEqual([name, true]);
    }
  });

  it('has a row for each golden signal, each with panels, all on the chosen Prometheus data source', () => {
    const rows = dashboard.panels.filter((p: any) => p.type === 'row').map((p: any) => p.title);
    expect(rows).toEqual(['Traffic', 'Latency', 'Errors', 'Saturation']);
    for (const panel of panels) {
      expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets.length).toBeGreaterThan(0);
    }
    // Latency from the histograms, errors as 5xx ratios, saturation includes event-loop lag, pool and consumer lag.
    expect(expressions.some((e) => e.includes('histogram_quantile(0.99') && e.includes('afya_http_request_duration_seconds_bucket'))).toBe(true);
    expect(expressions.some((e) => e.includes('status=~"5.."'))).toBe(true);
    for (const name of ['afya_nodejs_eventloop_lag_p99_seconds', 'afya_db_pool_connections', 'afya_event_consumer_pending', 'afya_outbox_oldest_age_seconds']) {
      expect([name, expressions.some((e) => e.includes(name))]).toEqual([name, true]);
    }
  });

  it("panels don't overlap on Grafana's 24-column grid", () => {
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos;
      expect(x + w).toBeLessThanOrEqual(24);
      for (let i = x; i < x + w; i++) {
        for (let j = y; j < y + h; j++) {
          expect(cells.has(`${i},${j}`)).toBe(false);
          cells.add(`${i},${j}`);
        }
      }
    }
  });

  it("is packaged as a ConfigMap for Grafana's dashboard sidecar in the monitoring namespace", () => {
    const kustomization = fs.readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8');
    expect(kustomization).toMatch(/^namespace: monitoring$/m);
    expect(kustomization).toMatch(/^ {4}grafana_dashboard: "1"$/m);
    expect(kustomization).toMatch(/^ {6}- afya-golden-signals\.json$/m);
  });
});
