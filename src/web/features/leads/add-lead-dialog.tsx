import { lazy } from 'react';
import { AddDialog } from '../../components/add-dialog';

const AddLeadForm = lazy(async () => ({ default: (await import('./add-lead-form')).AddLeadForm }));

export const AddLeadDialog = () => <AddDialog label="Add Lead" form={(close) => <AddLeadForm onDone={close} />} />;
