import { createContext, useContext, type ReactNode } from 'react';

type Now = () => Date;

const ClockContext = createContext<Now>(() => new Date());

/** Lets tests (and demos) fix "today" (DECISIONS D2); the app uses the real clock. */
export function ClockProvider({ now, children }: { now: Now; children: ReactNode }) {
  return <ClockContext.Provider value={now}>{children}</ClockContext.Provider>;
}

/** The current date, from the injected clock. */
export function useToday(): Date {
  return useContext(ClockContext)();
}
