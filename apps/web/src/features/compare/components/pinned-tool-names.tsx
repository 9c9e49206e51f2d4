import { useEffect, useState, type RefObject } from 'react';
import type { CompareTool } from '@stackyard/contracts/compare';
import { cn } from '@/lib/cn';

type PinnedToolNamesProps = {
  tools: CompareTool[];
  /** The table's sideways scroller, whose scroll the names follow. */
  scrollerRef: RefObject<HTMLDivElement | null>;
  tableRef: RefObject<HTMLTableElement | null>;
};

/**
 * The tool names pinned to the top of the window while the table's own header row is scrolled out of view.
 * The table scrolls sideways in its own box (the columns do not fit a phone), and a box that scrolls sideways
 * also holds its sticky header up and down: the header could then only stick inside a box of fixed height. So
 * the page scrolls the table, and this copy of the names (hidden from assistive technology, which reads the
 * real header) stays at the top, as wide as each column and following the box's sideways scroll.
 */
export function PinnedToolNames({ tools, scrollerRef, tableRef }: PinnedToolNamesProps) {
  const [widths, setWidths] = useState<number[]>([]);
  const [shown, setShown] = useState(false);
  const [scrollLeft, setScrollLeft] = useState(0);

  useEffect(() => {
    const table = tableRef.current;
    const scroller = scrollerRef.current;
    if (!table || !scroller) return;
    const measure = () =>
      setWidths(
        [...table.querySelectorAll('thead > tr:first-child > *')].map(
          (cell) => cell.getBoundingClientRect().width,
        ),
      );
    const follow = () => {
      const head = table.querySelector('thead')?.getBoundingClientRect();
      const whole = table.getBoundingClientRect();
      setShown(head !== undefined && head.bottom < 0 && whole.bottom > 48);
    };
    const onScroll = () => setScrollLeft(scroller.scrollLeft);
    measure();
    follow();
    const resized = new ResizeObserver(measure);
    resized.observe(table);
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', follow);
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [tools, scrollerRef, tableRef]);

  const [labelWidth = 0, ...toolWidths] = widths;
  return (
    // No height of its own: appearing, it covers the table's top instead of pushing the page down.
    <div aria-hidden="true" data-slot="pinned-tool-names" className="sticky top-0 z-40 h-0">
      <div
        className={cn(
          'overflow-hidden rounded-t-xl border border-zinc-200 bg-white shadow-sm',
          !shown && 'invisible',
        )}
      >
        <div className="flex" style={{ transform: `translateX(${-scrollLeft}px)` }}>
          <div className="shrink-0" style={{ width: labelWidth }} />
          {tools.map((tool, index) => (
            <div
              key={tool.workspace_tool_id}
              className="shrink-0 truncate px-3 py-2 text-sm font-semibold text-zinc-950"
              style={{ width: toolWidths[index] ?? 0 }}
            >
              {tool.overview.name}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
