import { localCalendarDate } from '@planline/domain';
import { createContext, useContext, useEffect, useState } from 'react';

const REFRESH_MS = 60_000;

/** A value read again each minute; a hook's caller re-renders only when it changes. */
function useEveryMinute(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setValue(read()), REFRESH_MS);
    return () => clearInterval(timer);
  }, [read]);
  return value;
}

const readToday = () => localCalendarDate(new Date());
const readNow = () => new Date().toISOString();

/**
 * The viewer's calendar day when the page is rendered on the server (src/entry-server.tsx), in the viewer's time
 * zone as their browser told it; unset in the browser.
 */
export const ServerTodayContext = createContext<string | null>(null);

/**
 * The viewer's calendar day ('yyyy-MM-dd', local), which moves on at their midnight while the page stays open
 * (overdue tasks, due dates, the chart's today marker). Rules get it as a parameter.
 */
export function useToday(): string {
  const serverToday = useContext(ServerTodayContext);
  const today = useEveryMinute(readToday);
  return serverToday ?? today;
}

/** The current instant (ISO), refreshed each minute so that relative times ('5 minutes ago') stay true. */
export function useNow(): string {
  return useEveryMinute(readNow);
}
