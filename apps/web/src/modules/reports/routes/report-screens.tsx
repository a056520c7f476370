/** The reports' screens, fetched as one chunk: the list leads to a report, a report back to the list. */
export { ReportPage } from './report-page';
export { ReportsPage } from './reports-page';
