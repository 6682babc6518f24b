import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A region that scrolls sideways when its content is wider than the screen (a table on a phone), reachable
 * by keyboard: while it overflows it is a Tab stop (then the arrow keys scroll it) and a named region, so a
 * keyboard user can see what is cut off (WCAG 2.1.1). Use it instead of antd Table's `scroll.x`, whose
 * scrolling box cannot be given a name or a tab stop.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} role="region" aria-label={label} tabIndex={overflows ? 0 : undefined} className="afya-scroll-region" style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
