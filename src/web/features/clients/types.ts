import type { ClientSort, GiftType } from '../../../shared/constants';

// Response shapes of docs/clients-api.md.

export type Client = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  referralCode: string;
  referredBy: string | null;
  isReferredClient: boolean;
  firstBooking: string | null;
  lastBooking: string | null;
  totalBookings: number;
  frequency: number | null;
  loyaltyScore: number;
  totalSpent: number;
  hasReward: boolean;
  rewardEarned: string | null;
  thankYouSent: boolean;
  createdAt: string;
};

export type ClientsPage = { clients: Client[]; total: number; page: number; pageSize: number };

export type ClientsQuery = { page: number; search: string; sort: ClientSort };

export type LoyaltyDistribution = { high: number; medium: number; low: number; total: number };

export type DashboardStats = {
  totalClients: number;
  totalReferrals: number;
  activeReferrals: number;
  avgLoyaltyScore: number;
  monthlyRevenue: number;
  referralRevenue: number;
  monthlyReferralRevenue: number;
  monthlyConvertedBookings: number;
  totalConvertedBookings: number;
};

export type BookingTrendPoint = { date: string; count: number };

export type AddClientInput = {
  name: string;
  email: string;
  phone: string;
  serviceDate: string;
  serviceType: string;
  amount: number;
};

export type SendGiftInput = { clientId: number; giftType: GiftType; amount: number };
export type SendThanksInput = { clientId: number; message: string };
