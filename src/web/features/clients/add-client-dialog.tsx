import { lazy } from 'react';
import { AddDialog } from '../../components/add-dialog';

const AddClientForm = lazy(async () => ({ default: (await import('./add-client-form')).AddClientForm }));

export const AddClientDialog = () => <AddDialog label="Add Client" form={(close) => <AddClientForm onDone={close} />} />;
