import { createContext, useContext } from 'react';
import type { ProjectConnection } from '../connection/connection-types';

/**
 * What the server draws a first visit's chart with (issue 18: the first screen rendered on the server,
 * src/entry-server.tsx): the project's task list in place of a live connection, and the size of the chart's
 * scroll area the browser last measured (the server has no layout to measure). Unset in the browser.
 */
export interface ServerPicture {
  connection: ProjectConnection;
  chartWidth: number;
  chartHeight: number;
}

export const ServerPictureContext = createContext<ServerPicture | null>(null);

export function useServerPicture(): ServerPicture | null {
  return useContext(ServerPictureContext);
}
