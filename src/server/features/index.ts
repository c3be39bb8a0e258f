import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes';
import { businessRoutes } from './business/routes';
import { clientRoutes } from './clients/routes';
import { importRoutes, webhookRoutes } from './imports/routes';

// Each feature adds its route registration here. Public groups run without a session;
// private groups run behind requireAuth, so request.auth is always set there.
type RouteGroup = (app: FastifyInstance) => Promise<void>;

export const publicRouteGroups: RouteGroup[] = [accountRoutes, webhookRoutes];
export const privateRouteGroups: RouteGroup[] = [clientRoutes, importRoutes, businessRoutes];
