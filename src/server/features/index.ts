import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes';

// Each feature adds its route registration here. Public groups run without a session;
// private groups run behind requireAuth, so request.auth is always set there.
type RouteGroup = (app: FastifyInstance) => Promise<void>;

export const publicRouteGroups: RouteGroup[] = [accountRoutes];
export const privateRouteGroups: RouteGroup[] = [];

// Issue 3: clients, imports (CSV/Excel upload, booking webhook) and the business profile.
import { clientRoutes } from './clients/routes';
import { importRoutes, webhookRoutes } from './imports/routes';
import { businessRoutes } from './business/routes';
publicRouteGroups.push(webhookRoutes);
privateRouteGroups.push(clientRoutes, importRoutes, businessRoutes);
