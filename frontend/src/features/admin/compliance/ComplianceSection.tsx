import { DataRequestsPanel } from './DataRequestsPanel';
import { DeadlinesPanel } from './DeadlinesPanel';
import { DocumentsPanel } from './DocumentsPanel';
import { Form10bePanel } from './Form10bePanel';
import './compliance.css';

/** What Indian law asks of the organisation: the legal dates, Form 10BE, the transparency page, personal data. */
export function ComplianceSection() {
  return (
    <>
      <DeadlinesPanel />
      <DataRequestsPanel />
      <Form10bePanel />
      <DocumentsPanel />
    </>
  );
}
