import { format } from 'date-fns';
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

function read() {
  const now = new Date();
  return { today: format(now, 'yyyy-MM-dd'), now: now.toISOString() };
}

/**
 * The viewer's calendar day ('yyyy-MM-dd', local) and the current instant, refreshed each minute so that an open
 * dashboard moves past midnight (overdue, due dates) and relative times stay true. Rules get them as parameters.
 */
export function useToday(): { today: string; now: string } {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setValue(read()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return value;
}
