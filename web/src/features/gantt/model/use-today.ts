import { localCalendarDate } from '@planline/domain';
import { useEffect, useState } from 'react';

const CHECK_MS = 60_000;

/** The user's calendar day, which moves on at their midnight while the page stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => localCalendarDate(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setToday(localCalendarDate(new Date())), CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
