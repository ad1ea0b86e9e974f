// The route table parser lives with the web app, whose build uses it too (route preloads).
export { appRoutePaths, appRoutes } from '../../apps/web/vite.route-table.ts';
