// What the start asks for a page before its code has arrived (start-session-early.ts), one file
// for all such pages: the build makes it a file of its own (first-pages-chunks.ts), fetched while
// the session is checked, whose imports are the entry's.
export { prefetchAdvancedData } from '../../features/advanced-tax-info/prefetch-advanced-data';
export { prefetchDashboardData } from '../../features/home/prefetch-dashboard-data';
