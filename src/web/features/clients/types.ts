import type { ClientSort } from '../../../shared/constants';

// Response shapes of docs/clients-api.md, from the shared contract.
export type {
  AddClientInput,
  Client,
  SendGiftInput,
  SendThanksInput,
} from '../../../shared/schemas/clients';

export type ClientsQuery = { page: number; search: string; sort: ClientSort };
