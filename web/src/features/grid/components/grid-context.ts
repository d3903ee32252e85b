import type { GridColumnId } from '@planline/domain';
import { createContext, useContext } from 'react';
import type { GridLayout } from '../model/grid-layout';
import type { GridController } from './grid-controller';

/** What every row of one chart's grid shares; changes with the columns or the list's width, not with the tasks. */
export interface GridContextValue {
  layout: GridLayout;
  /** Column ids in the order shown (the row number is not one). */
  columnIds: readonly GridColumnId[];
  readOnly: boolean;
  controller: GridController;
  /** Titles of the columns (built-in and custom fields by name), for headers and the Columns menu. */
  titleOf: (column: GridColumnId) => string;
  /** Id of the element that explains the grid's keys. */
  helpId: string;
  /** Id of the header row (in the chart's date header, owned by the grid). */
  headerRowId: string;
}

export const GridContext = createContext<GridContextValue | null>(null);

export function useGrid(): GridContextValue {
  const value = useContext(GridContext);
  if (!value) throw new Error('useGrid outside a timeline chart');
  return value;
}
