import { describe, expect, it } from 'vitest';
import { gridLayout, moveColumn, scrollToColumn, ROW_NUMBER_PX } from './grid-layout';

const name = { id: 'name' as const, width: 320 };
const start = { id: 'start' as const, width: 110 };
const finish = { id: 'finish' as const, width: 110 };

describe('[grid-layout] the list beside the chart', () => {
  it("keeps PRODUCT-SPEC's 320 px name column by default, after the row number", () => {
    const layout = gridLayout({ columns: [name], chartWidth: 1400, phone: false, phoneColumn: null, listWidth: null });
    expect(layout.listPx).toBe(ROW_NUMBER_PX + 320);
  });

  it('is as wide as its columns, or as the person dragged it, leaving the chart room', () => {
    expect(gridLayout({ columns: [name, start, finish], chartWidth: 1400, phone: false, phoneColumn: null, listWidth: null }).listPx).toBe(ROW_NUMBER_PX + 540);
    expect(gridLayout({ columns: [name, start, finish], chartWidth: 1400, phone: false, phoneColumn: null, listWidth: 500 }).listPx).toBe(500);
    expect(gridLayout({ columns: [{ id: 'name', width: 300 }, start, finish], chartWidth: 500, phone: false, phoneColumn: null, listWidth: 2000 }).listPx).toBe(452);
  });

  it('on a phone shows the name and one chosen column; the others scroll sideways', () => {
    const layout = gridLayout({ columns: [name, start, finish], chartWidth: 360, phone: true, phoneColumn: 'finish', listWidth: null });
    expect(layout.columns.map((c) => c.id)).toEqual(['name', 'finish', 'start']);
    expect(layout.listPx).toBe(layout.frozenPx + 110);
    expect(layout.scrollingPx).toBe(220);
  });

  it('scrolls a column into view and moves columns', () => {
    const layout = gridLayout({ columns: [name, start, finish], chartWidth: 1400, phone: false, phoneColumn: null, listWidth: ROW_NUMBER_PX + 320 + 110 });
    expect(scrollToColumn(layout, 2, 0)).toBe(110);
    expect(scrollToColumn(layout, 1, 110)).toBe(0);
    expect(moveColumn([name, start, finish], 2, 1).map((c) => c.id)).toEqual(['name', 'finish', 'start']);
  });
});
