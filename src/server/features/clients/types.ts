export type { BookingTrendPoint, Client, DashboardStats, LoyaltyDistribution } from '../../../shared/schemas/clients';
export type { ClientSort } from '../../../shared/constants';
